import { ALL_CURRENCY_MARKS } from './vocabulary/index';

/**
 * Money amounts as printed on receipts, read through OCR noise: `12.50`, `RM 12.50`, `$1,234.56`,
 * `12,50` (comma misread or decimal comma), `-0.50`, `0.50-`, `(0.50)`, `I2.5O`.
 */
export interface FoundAmount {
  value: number;
  /** Character offsets of the match within the line. */
  start: number;
  end: number;
  isNegative: boolean;
}

const DIGIT_LOOKALIKES: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  l: '1',
  I: '1',
  '|': '1',
  i: '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
  C: '0',
  c: '0',
};

/** Amount-shaped token: digits with a 2-digit decimal part; lookalike letters allowed but a digit is required. */
const AMOUNT_PATTERN = new RegExp(
  String.raw`(\(?)(-\s?)?(?:${ALL_CURRENCY_MARKS.join('|')})?\s?((?:[0-9OolIDSBZz|]{1,3}(?:,[0-9O]{3})+|[0-9OolIDSBZz|]{1,7})\s?(?:[.,;]|\.,|,\.)\s?[0-9OoDSlI][0-9OoDSlICc])(?![0-9]|[.,/:-][0-9])(\s?-(?![0-9]))?(\)?)`,
  'g',
);

/** Letters OCR reads for digits (O for 0, l and I for 1, Z for 2, S for 5, B for 8), as those digits. */
export function fixDigits(text: string): string {
  return [...text].map((char) => DIGIT_LOOKALIKES[char] ?? char).join('');
}

/** Parses one amount token; returns null if it is not an amount. */
export function parseAmount(token: string): number | null {
  const found = findAmounts(token.trim());
  return found.length === 1 ? (found[0]?.value ?? null) : null;
}

/**
 * OCR reads the decimal point of the right-hand price column as ":" ("5:99"). Only that last column is
 * repaired, and never on lines that carry a time or a date, so "12:06 PM" and "28/08/2017 12:26" stay times.
 * Same length: offsets hold.
 */
function repairColonDecimal(line: string): string {
  if (/\b(TIME|AM|PM)\b|\d{1,2}:\d{2}:\d{2}|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\s/i.test(line)) return line;
  return line.replace(/(\s\d{1,4}):(\d{2}(?:\s+[A-Z*]{1,2})?\s*)$/, '$1.$2');
}

/**
 * Malaysian tills print the GST code right after the price ("5.90SR"); OCR often reads its S as 5 or 8, which glues a
 * third decimal onto the price ("5.905R") and loses it. Only a code closing the line is split off. Same length.
 */
function repairGluedTaxCode(line: string): string {
  return line.replace(/(\d[.,]\d{2})[58](R)(?=[^\w]*$)/, '$1 $2');
}

export function findAmounts(rawLine: string): FoundAmount[] {
  const results: FoundAmount[] = [];
  const line = repairGluedTaxCode(repairColonDecimal(rawLine));
  for (const match of line.matchAll(AMOUNT_PATTERN)) {
    const [whole, openParen, leadingMinus, body, trailingMinus, closeParen] = match;
    if (!body || !/[0-9]/.test(body)) continue;
    // The optional space before the body is not part of the amount.
    const index = (match.index ?? 0) + (whole.length - whole.trimStart().length);
    // Skip the tail of a longer number, e.g. the "12.50" inside "3312.50.1".
    const before = line[index - 1];
    if (before && /[0-9.,]/.test(before)) continue;
    const letters = body.replace(/[0-9.,\s]/g, '');
    if (letters.length > 1 || (letters.length === 1 && body.replace(/[^0-9]/g, '').length < 2)) continue;
    // A letter read as the last digit with a letter after it is a word: the size "9.5IN" is no price 9.51.
    if (/[A-Za-z|]$/.test(whole) && /^[A-Za-z]/.test(line.slice((match.index ?? 0) + whole.length))) continue;
    // A decimal point read twice ("30.,30") is one point.
    const compact = fixDigits(body.replace(/\s/g, '').replace(/\.,|,\.|;/, '.'));
    const decimalIndex = compact.length - 3;
    const integerPart = compact.slice(0, decimalIndex).replace(/,/g, '');
    const value = Number(`${integerPart}.${compact.slice(decimalIndex + 1)}`);
    if (!Number.isFinite(value)) continue;
    const isNegative = Boolean(leadingMinus || trailingMinus || (openParen && closeParen));
    results.push({ value: isNegative ? -value : value, start: index, end: index + whole.trimStart().length, isNegative });
  }
  return results;
}

/** The right-most amount on a line, which on receipts is the line's total column. */
export function findLastAmount(line: string): FoundAmount | undefined {
  const amounts = findAmounts(line);
  return amounts[amounts.length - 1];
}

export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}
