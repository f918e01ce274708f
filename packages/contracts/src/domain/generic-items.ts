import { convertToBaseUnit, normaliseUnit, parseSize, type BaseQuantity } from './sizes';

/**
 * Generic items: a list item that accepts substitutes and says a size ("milk 1 L", "eggs x12", or 2 with unit "L")
 * stands for every product of its category whose package is of that size class. The plan then compares whole
 * packs: 2 L may be 2 x 1 L or 1 x 2 L, whichever costs less for the quantity needed.
 */
export interface GenericNeed {
  /** The item's name without its size ("milk"), to find the products it stands for. */
  words: string;
  /** The size one unit of the item asks for (1 L for "milk 1 L"). */
  asked: BaseQuantity;
  /** What the whole line needs: the item's quantity times `asked`. */
  need: BaseQuantity;
}

/** A pack this much short of the need still covers it: a 946 ml quart for "milk 1 L", a 1.89 L half gallon for 2 L. */
export const PACK_SHORTFALL = 0.06;
/** Package sizes in the asked size's class: from a quarter of it to twice it (6 to 24 eggs for a dozen). */
const CLASS_MIN = 0.25;
const CLASS_MAX = 2;

// "eggs x12", "x 6 rolls": a count without a unit.
const COUNT_PATTERN = /(?:^|\s)[x×]\s?(\d+)(?=\s|$)/i;

/** The generic reading of a list item, or null when it does not accept substitutes or says no size. */
export function readGenericNeed(item: {
  name: string;
  quantity: number;
  unit: string | null;
  acceptsSubstitutes: boolean;
}): GenericNeed | null {
  if (!item.acceptsSubstitutes || !(item.quantity > 0)) return null;
  const unit = item.unit ? normaliseUnit(item.unit) : null;
  if (unit) {
    const asked = convertToBaseUnit({ amount: 1, unit });
    return { words: item.name.trim(), asked, need: { unit: asked.unit, amount: asked.amount * item.quantity } };
  }
  if (item.unit) return null;
  const count = COUNT_PATTERN.exec(item.name);
  const size = count ? null : parseSize(item.name);
  const asked = count ? { amount: Number(count[1]), unit: 'ct' as const } : size ? convertToBaseUnit(size) : null;
  if (!asked || !(asked.amount > 0)) return null;
  const words = stripSize(item.name, count?.[0]);
  if (!words) return null;
  return { words, asked, need: { unit: asked.unit, amount: asked.amount * item.quantity } };
}

function stripSize(name: string, countText: string | undefined): string {
  const withoutCount = countText ? name.replace(countText, ' ') : name;
  // The size the name says ("1 L", "500g", "2 x 330 ml") goes; what is left names the product.
  return withoutCount
    .replace(/(\d+(?:[.,]\d+)?)\s?(?:[x×]\s?\d+(?:[.,]\d+)?\s?)?[^\s\d]+/g, (match) => (parseSize(match) ? ' ' : match))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a package of this size stands for the asked size: same kind of measure, a comparable size. */
export function isInSizeClass(asked: BaseQuantity, pack: BaseQuantity): boolean {
  return pack.unit === asked.unit && pack.amount >= asked.amount * CLASS_MIN && pack.amount <= asked.amount * CLASS_MAX;
}

/** How many whole packs cover the need (a pack short by up to PACK_SHORTFALL counts), or null across measures. */
export function countWholePacks(need: BaseQuantity, pack: BaseQuantity): number | null {
  if (pack.unit !== need.unit || !(pack.amount > 0) || !(need.amount > 0)) return null;
  return Math.max(1, Math.ceil((need.amount * (1 - PACK_SHORTFALL)) / pack.amount - 1e-9));
}

export interface ComparedUnitPrice {
  /** Cents per `per` (fractional). */
  cents: number;
  per: 'kg' | 'L' | 'item';
}

/** A package's shelf price per kilogram, litre or item: the unit price a generic item's offers are compared by. */
export function toComparedUnitPrice(priceCents: number, pack: BaseQuantity): ComparedUnitPrice | null {
  if (!(pack.amount > 0)) return null;
  if (pack.unit === 'ct') return { cents: priceCents / pack.amount, per: 'item' };
  return { cents: (priceCents * 1000) / pack.amount, per: pack.unit === 'g' ? 'kg' : 'L' };
}
