export type DateOrder = 'DMY' | 'MDY' | 'YMD';

/** The locale a receipt is read with when the shopper has none set. */
export const DEFAULT_RECEIPT_LOCALE = 'en-US';

/** Regions whose receipts print month first; Intl is the fallback for everything else. */
const MONTH_FIRST_REGIONS = new Set(['US', 'PH', 'FM', 'MH', 'PW', 'GU', 'AS', 'MP', 'PR', 'VI', 'UM', 'BZ']);

const REGION_CURRENCIES: Record<string, { code: string; symbol: string }> = {
  US: { code: 'USD', symbol: '$' },
  MY: { code: 'MYR', symbol: 'RM' },
  SG: { code: 'SGD', symbol: '$' },
  GB: { code: 'GBP', symbol: '£' },
  CA: { code: 'CAD', symbol: '$' },
  AU: { code: 'AUD', symbol: '$' },
  NZ: { code: 'NZD', symbol: '$' },
  IN: { code: 'INR', symbol: '₹' },
  PH: { code: 'PHP', symbol: '₱' },
  IE: { code: 'EUR', symbol: '€' },
  DE: { code: 'EUR', symbol: '€' },
  FR: { code: 'EUR', symbol: '€' },
  ES: { code: 'EUR', symbol: '€' },
  IT: { code: 'EUR', symbol: '€' },
  NL: { code: 'EUR', symbol: '€' },
};

export function getRegion(locale: string): string | undefined {
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region ?? undefined;
  } catch {
    return undefined;
  }
}

/** The script a locale writes in (ISO 15924: Latn, Hebr, Hans), as Intl infers it; undefined for an invalid tag. */
export function getScript(locale: string): string | undefined {
  try {
    return new Intl.Locale(locale).maximize().script ?? undefined;
  } catch {
    return undefined;
  }
}

/** Day/month order for ambiguous numeric dates such as 04/12/2016. */
export function getDateOrder(locale: string): DateOrder {
  const region = getRegion(locale);
  if (region && MONTH_FIRST_REGIONS.has(region)) return 'MDY';
  try {
    const parts = new Intl.DateTimeFormat(locale).formatToParts(new Date(2001, 10, 22));
    const order = parts
      .filter((part) => part.type === 'day' || part.type === 'month' || part.type === 'year')
      .map((part) => part.type[0]?.toUpperCase())
      .join('');
    if (order === 'MDY' || order === 'YMD') return order;
  } catch {
    // An invalid tag falls through to the most common order worldwide.
  }
  return 'DMY';
}

export function getCurrency(locale: string): { code: string; symbol: string } {
  const region = getRegion(locale);
  return (region && REGION_CURRENCIES[region]) || { code: 'USD', symbol: '$' };
}
