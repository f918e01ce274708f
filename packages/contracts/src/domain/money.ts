/** Formats integer cents as a 2-decimal amount, e.g. 1234 -> "12.34". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Converts a decimal amount to integer cents without float drift (12.345 -> 1235). */
export function toCents(amount: number): number {
  return Math.round(Number((amount * 100).toFixed(6)));
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** Percent off, rounded to a whole number; 0 when the original is not positive. */
export function calculatePercentOff(original: number, sale: number): number {
  if (!(original > 0)) return 0;
  return Math.round(((original - sale) / original) * 100);
}
