/** Package sizes in product names, so unit prices can be compared across brands and pack sizes. */
export type SizeUnit = 'g' | 'kg' | 'oz' | 'lb' | 'ml' | 'l' | 'gal' | 'ct' | 'fl oz' | 'qt' | 'pt';
export type BaseUnit = 'g' | 'ml' | 'ct';

export interface ParsedSize {
  amount: number;
  unit: SizeUnit;
}

export interface BaseQuantity {
  amount: number;
  unit: BaseUnit;
}

const TO_BASE: Record<SizeUnit, BaseQuantity> = {
  g: { amount: 1, unit: 'g' },
  kg: { amount: 1000, unit: 'g' },
  oz: { amount: 28.349523125, unit: 'g' },
  lb: { amount: 453.59237, unit: 'g' },
  ml: { amount: 1, unit: 'ml' },
  l: { amount: 1000, unit: 'ml' },
  'fl oz': { amount: 29.5735295625, unit: 'ml' },
  pt: { amount: 473.176473, unit: 'ml' },
  qt: { amount: 946.352946, unit: 'ml' },
  gal: { amount: 3785.411784, unit: 'ml' },
  ct: { amount: 1, unit: 'ct' },
};

const UNIT_ALIASES: [RegExp, SizeUnit][] = [
  [/^(fl\.?\s?oz|floz)$/i, 'fl oz'],
  [/^(kg|kgs|kilo|kilos)$/i, 'kg'],
  [/^(g|gr|gm|gms|grams?)$/i, 'g'],
  [/^(oz|ozs|ounces?)$/i, 'oz'],
  [/^(lb|lbs|pounds?|#)$/i, 'lb'],
  [/^(ml|mls)$/i, 'ml'],
  [/^(l|lt|ltr|litres?|liters?)$/i, 'l'],
  [/^(gal|gals|gallons?)$/i, 'gal'],
  [/^(qt|qts|quarts?)$/i, 'qt'],
  [/^(pt|pts|pints?)$/i, 'pt'],
  [/^(ct|cts|count|pk|pack|pcs|pc|ea)$/i, 'ct'],
  // Hebrew, as Israel's price-transparency files write sizes ("1 ליטר", "500 גרם", "100 מיליליטר").
  [/^(ק"ג|ק״ג|קג|קילו|קילוגרם)$/, 'kg'],
  [/^(גרם|גר'|גר)$/, 'g'],
  [/^(מ"ל|מ״ל|מל|מיליליטר|מיליליטרים)$/, 'ml'],
  [/^(ליטר|ליטרים|ל')$/, 'l'],
  [/^(יחידה|יחידות|יח'|יח)$/, 'ct'],
];

// Receipt abbreviations that imply a size without a number ("GV WHL MLK GAL" is a one-gallon jug).
const BARE_UNITS: [RegExp, ParsedSize][] = [
  [/\b(GAL|GALLON)\b/i, { amount: 1, unit: 'gal' }],
  [/\b(HALF\s?GAL|HG|1\/2\s?GAL)\b/i, { amount: 0.5, unit: 'gal' }],
  [/\bDOZ(EN)?\b/i, { amount: 12, unit: 'ct' }],
  [/\bQT\b/i, { amount: 1, unit: 'qt' }],
  [/\bPT\b/i, { amount: 1, unit: 'pt' }],
];

const SIZE_PATTERN =
  /(?<![A-Za-z0-9.])(\d+(?:[.,]\d+)?|\d+\/\d+)\s?(?:[x×]\s?(\d+(?:[.,]\d+)?)\s?)?(fl\.?\s?oz|floz|kgs?|kilos?|grams?|gms?|gr|g|ozs?|ounces?|lbs?|pounds?|mls?|ltr|lt|litres?|liters?|l|gals?|gallons?|qts?|quarts?|pts?|pints?|cts?|count|pk|pack|pcs|pc|ea|ק"ג|ק״ג|קג|קילוגרם|קילו|גרם|גר'|מ"ל|מ״ל|מיליליטרים|מיליליטר|ליטרים|ליטר|יחידות|יחידה|יח')(?![A-Za-z\u0590-\u05FF])/gi;

function toNumber(text: string): number {
  if (text.includes('/')) {
    const [top = '0', bottom = '1'] = text.split('/');
    return Number(top) / Number(bottom);
  }
  return Number(text.replace(',', '.'));
}

export function normaliseUnit(text: string): SizeUnit | null {
  const compact = text.trim();
  for (const [pattern, unit] of UNIT_ALIASES) if (pattern.test(compact)) return unit;
  return null;
}

/**
 * Reads the package size from a product name: "Oats 500g" -> 500 g, "Cola 12 x 355ml" -> 4260 ml,
 * "GV WHL MLK GAL" -> 1 gal. Returns null when the name carries no size.
 */
export function parseSize(name: string): ParsedSize | null {
  let best: ParsedSize | null = null;
  for (const match of name.matchAll(SIZE_PATTERN)) {
    const [, first = '', multiplier, unitText = ''] = match;
    const unit = normaliseUnit(unitText);
    if (!unit) continue;
    const count = toNumber(first);
    const amount = multiplier ? count * toNumber(multiplier) : count;
    if (!(amount > 0)) continue;
    // A multipack count ("6 ct") loses to a real measure ("6 ct 330 ml") when both are present.
    if (!best || (best.unit === 'ct' && unit !== 'ct')) best = { amount, unit };
  }
  if (best) return best;
  for (const [pattern, size] of BARE_UNITS) if (pattern.test(name)) return { ...size };
  return null;
}

/** Converts to grams, millilitres or a count so that sizes of one kind compare directly. */
export function convertToBaseUnit(size: ParsedSize): BaseQuantity {
  const factor = TO_BASE[size.unit];
  return { amount: Math.round(size.amount * factor.amount * 1000) / 1000, unit: factor.unit };
}

/** Price per base unit (per g, ml or item), or null when the size is unknown or zero. */
export function calculateUnitPrice(price: number, size: ParsedSize | null): { price: number; unit: BaseUnit } | null {
  if (!size) return null;
  const base = convertToBaseUnit(size);
  if (!(base.amount > 0)) return null;
  return { price: price / base.amount, unit: base.unit };
}
