import { parseDateString } from '@cartwise/receipt-reader/parse/dates';
import type { DateOrder } from '@cartwise/receipt-reader/parse/locale';

/** SROIE practice: case-insensitive, whitespace normalised. */
export function normaliseText(text: string | null | undefined): string {
  return (text ?? '').toUpperCase().replace(/\s+/g, ' ').trim();
}

export function isSameText(predicted: string | null | undefined, label: string | null | undefined): boolean {
  const expected = normaliseText(label);
  return expected.length > 0 && normaliseText(predicted) === expected;
}

/** Totals are compared as amounts after stripping a currency prefix ("RM 9.00", "$9.00" -> 9.00). */
export function parseLabelTotal(label: string | null | undefined): number | null {
  const stripped = (label ?? '')
    .trim()
    .replace(/^(RM|MYR|USD|\$)\s*/i, '')
    .replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(stripped)) return null;
  return Number(stripped);
}

export function isSameTotal(predicted: number | null | undefined, label: string | null | undefined): boolean {
  const expected = parseLabelTotal(label);
  return expected !== null && predicted !== null && predicted !== undefined && Math.abs(predicted - expected) < 0.005;
}

/** Dates are compared as dates: the label as printed is read with the benchmark locale's order. */
export function isSameDate(predictedIso: string | null | undefined, label: string | null | undefined, order: DateOrder): boolean {
  const expected = label ? parseDateString(label, order, new Date(Date.UTC(2100, 0, 1))) : null;
  return expected !== null && predictedIso === expected;
}

export function calculatePercentile(values: readonly number[], percentile: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((percentile / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}
