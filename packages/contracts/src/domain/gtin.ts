/**
 * Product barcodes (GTINs): EAN-13, UPC-A (12 digits), EAN-8 and GTIN-14. A code is stored normalised to
 * 13 digits (EAN-8 and UPC-A are left-padded with zeros, a GTIN-14 whose indicator digit is 0 drops it), or
 * 14 digits for a case code whose indicator is not 0, so one product has one spelling however it was scanned.
 */
export type GtinResult = { isValid: true; gtin: string } | { isValid: false; reason: string };

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** The GS1 check digit of the digits before it: weights 3 and 1 alternating from the right. */
export function computeGtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Reads a typed or scanned code (spaces and hyphens allowed) into its normalised GTIN, or says what is wrong. */
export function normalizeGtin(input: string): GtinResult {
  const digits = input.trim().replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return { isValid: false, reason: 'A barcode has digits only' };
  if (!GTIN_LENGTHS.has(digits.length)) return { isValid: false, reason: 'A barcode has 8, 12, 13 or 14 digits' };
  const expected = computeGtinCheckDigit(digits.slice(0, -1));
  if (expected !== Number(digits.at(-1))) return { isValid: false, reason: 'The barcode check digit is wrong' };
  const padded = digits.padStart(14, '0');
  return { isValid: true, gtin: padded.startsWith('0') ? padded.slice(1) : padded };
}

/** True when the code is a well-formed GTIN with the right check digit. */
export function isValidGtin(input: string): boolean {
  return normalizeGtin(input).isValid;
}

/** Appends the check digit: builds a valid code from its first 7, 11, 12 or 13 digits (tests, generated data). */
export function withGtinCheckDigit(body: string): string {
  return `${body}${computeGtinCheckDigit(body)}`;
}
