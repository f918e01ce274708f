/**
 * The one place money, units and dates become text: Intl with the shopper's currency, locale and unit
 * system. The web app binds these to the saved preferences (`useFormat()`); the server uses them for the
 * text it writes for a shopper (notifications, emails).
 */
export type UnitSystem = 'metric' | 'imperial';

export interface FormatSettings {
  currency: string;
  locale: string;
  units: UnitSystem;
}

export const FALLBACK_FORMAT: FormatSettings = { currency: 'USD', locale: 'en-US', units: 'imperial' };

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function getOrCreate<T>(cache: Map<string, T>, key: string, create: () => T): T {
  let value = cache.get(key);
  if (!value) {
    value = create();
    cache.set(key, value);
  }
  return value;
}

/** A locale Intl accepts; an unknown tag falls back to en-US instead of throwing on every render. */
function pickSafeLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? FALLBACK_FORMAT.locale;
  } catch {
    return FALLBACK_FORMAT.locale;
  }
}

/**
 * 12.5 -> "$12.50" (en-US, USD) or "12,50 €" (de-DE, EUR): the currency's own decimals, 2 for every
 * currency a shopper can choose (a currency without minor units, such as yen, shows none).
 */
export function formatMoney(amount: number, settings: FormatSettings): string {
  const locale = pickSafeLocale(settings.locale);
  const format = getOrCreate(numberFormats, `money|${locale}|${settings.currency}`, () => {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency: settings.currency });
    } catch {
      return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    }
  });
  // Rounding to the shown decimals first keeps -0.004 from printing as "-$0.00".
  const scale = 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2);
  const rounded = Math.round(amount * scale) / scale;
  return format.format(rounded === 0 ? 0 : rounded);
}

export function formatMoneyCents(cents: number, settings: FormatSettings): string {
  return formatMoney(cents / 100, settings);
}

/** Whole numbers and quantities with the locale's separators ("1,234" / "1.234", "2.3" / "2,3"). */
export function formatNumber(value: number, settings: FormatSettings, maximumFractionDigits = 2): string {
  const locale = pickSafeLocale(settings.locale);
  const format = getOrCreate(
    numberFormats,
    `number|${locale}|${maximumFractionDigits}`,
    () => new Intl.NumberFormat(locale, { maximumFractionDigits }),
  );
  return format.format(value);
}

/**
 * A calendar date from the API: "2026-11-24" (a day, no time zone) or a full ISO timestamp. Days are
 * read as UTC noon so no time zone moves them to the day before.
 */
export function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  const date = day
    ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 12))
    : month
      ? new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1, 12))
      : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export type DateStyle = 'date' | 'short-date' | 'date-time' | 'month' | 'short-month' | 'month-year' | 'time';

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  'short-date': { day: 'numeric', month: 'short' },
  'date-time': { dateStyle: 'medium', timeStyle: 'short' },
  month: { month: 'long', year: 'numeric' },
  'short-month': { month: 'short', year: '2-digit' },
  /** "Dec 2025": a chart's month axis, where "Dec 25" would read as a day. */
  'month-year': { month: 'short', year: 'numeric' },
  time: { timeStyle: 'short' },
};

/** Dates in the shopper's locale; calendar days (no time) stay on their day in every time zone. */
export function formatDate(value: string | Date | null | undefined, settings: FormatSettings, style: DateStyle = 'date'): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = toDate(value);
  if (!date) return String(value);
  const isCalendarDay = typeof value === 'string' && /^\d{4}-\d{2}(-\d{2})?$/.test(value);
  const locale = pickSafeLocale(settings.locale);
  const zone = isCalendarDay ? 'UTC' : undefined;
  const format = getOrCreate(
    dateFormats,
    `${locale}|${style}|${zone ?? ''}`,
    () => new Intl.DateTimeFormat(locale, { ...DATE_OPTIONS[style], timeZone: zone }),
  );
  return format.format(date);
}

/** Per-unit conversions from the API's metric base (per 100 g, per l) to the shopper's unit system. */
const TO_IMPERIAL: Record<string, { per: string; factor: number }> = {
  '100 g': { per: 'lb', factor: 4.5359237 },
  kg: { per: 'lb', factor: 0.45359237 },
  g: { per: 'oz', factor: 28.349523125 },
  l: { per: 'qt', factor: 0.946352946 },
  ml: { per: 'fl oz', factor: 29.5735295625 },
};
const TO_METRIC: Record<string, { per: string; factor: number }> = {
  lb: { per: 'kg', factor: 2.20462262185 },
  oz: { per: '100 g', factor: 3.527396195 },
  qt: { per: 'l', factor: 1.05668820943 },
  gal: { per: 'l', factor: 0.264172052 },
  'fl oz': { per: 'l', factor: 33.8140227 },
};

/** A unit price in the shopper's unit system: (0.87, "l") -> "$0.82/qt" for imperial, "0,87 €/l" for metric. */
export function formatUnitPrice(amount: number, per: string, settings: FormatSettings): string {
  const unit = per.trim().toLowerCase();
  const conversion = settings.units === 'imperial' ? TO_IMPERIAL[unit] : TO_METRIC[unit];
  const [value, label] = conversion ? [amount * conversion.factor, conversion.per] : [amount, per];
  return `${formatMoney(value, settings)}/${label}`;
}

/** A weighed or counted quantity: (2.3, "lb") -> "2.3 lb"; (2, null) -> "2". */
export function formatQuantity(quantity: number, unit: string | null | undefined, settings: FormatSettings): string {
  const number = formatNumber(quantity, settings, 3);
  return unit ? `${number} ${unit}` : number;
}

/**
 * A typed amount with either decimal mark, as shoppers type them: "2.50", "2,50", "1.234,50", "1,234.50" and
 * "3" all read; a mark followed by one or two digits is the decimal mark, groups of three are thousands.
 * Null when the text is not an amount (letters, three decimals, a misplaced group).
 */
export function parseDecimalInput(text: string): number | null {
  const cleaned = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (!/^\d[\d.,]*$/.test(cleaned)) return null;
  const mark = Math.max(cleaned.lastIndexOf('.'), cleaned.lastIndexOf(','));
  const hasDecimals = mark >= 0 && cleaned.length - mark - 1 <= 2;
  const whole = hasDecimals ? cleaned.slice(0, mark) : cleaned;
  const fraction = hasDecimals ? cleaned.slice(mark + 1) : '';
  const groups = whole.split(/[.,]/);
  const isGrouped = groups.length === 1 || (groups[0]!.length <= 3 && groups.slice(1).every((group) => group.length === 3));
  // One mark cannot be both the thousands and the decimal mark ("12.345.6").
  if (!isGrouped || (hasDecimals && whole.includes(cleaned[mark]!))) return null;
  return Number(`${groups.join('')}.${fraction || '0'}`);
}

/** An amount as a form field shows it: the locale's decimal mark, 2 decimals, no grouping ("2,50" in German). */
export function formatDecimalInput(amount: number, settings: FormatSettings): string {
  const locale = pickSafeLocale(settings.locale);
  const format = getOrCreate(
    numberFormats,
    `input|${locale}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }),
  );
  return format.format(amount);
}
