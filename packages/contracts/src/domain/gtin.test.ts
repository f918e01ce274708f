import { describe, expect, it } from 'vitest';
import { computeGtinCheckDigit, isValidGtin, normalizeGtin, withGtinCheckDigit } from './gtin';

describe('GTIN check digits and normalisation', () => {
  it('computes the GS1 check digit of known codes', () => {
    expect(computeGtinCheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(computeGtinCheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(computeGtinCheckDigit('9638507')).toBe(4); // EAN-8 96385074
  });

  it('keeps an EAN-13 as it is', () => {
    expect(normalizeGtin('4006381333931')).toEqual({ isValid: true, gtin: '4006381333931' });
  });

  it('pads a UPC-A and an EAN-8 to 13 digits', () => {
    expect(normalizeGtin('036000291452')).toEqual({ isValid: true, gtin: '0036000291452' });
    expect(normalizeGtin('96385074')).toEqual({ isValid: true, gtin: '0000096385074' });
  });

  it('reads a GTIN-14 with indicator 0 as its GTIN-13 and keeps other indicators as 14 digits', () => {
    expect(normalizeGtin('04006381333931')).toEqual({ isValid: true, gtin: '4006381333931' });
    const caseCode = withGtinCheckDigit('1400638133393');
    expect(normalizeGtin(caseCode)).toEqual({ isValid: true, gtin: caseCode });
  });

  it('accepts spaces and hyphens as typed on a pack', () => {
    expect(normalizeGtin(' 4 006381-333931 ')).toEqual({ isValid: true, gtin: '4006381333931' });
  });

  it('rejects a wrong check digit, letters and other lengths with a reason', () => {
    expect(normalizeGtin('4006381333932')).toEqual({ isValid: false, reason: 'The barcode check digit is wrong' });
    expect(normalizeGtin('40063813339A1')).toEqual({ isValid: false, reason: 'A barcode has digits only' });
    expect(normalizeGtin('123456789')).toEqual({ isValid: false, reason: 'A barcode has 8, 12, 13 or 14 digits' });
    expect(normalizeGtin('')).toMatchObject({ isValid: false });
    expect(isValidGtin('96385075')).toBe(false);
  });

  it('gives the same GTIN for the same product scanned as UPC-A or as EAN-13', () => {
    const upc = withGtinCheckDigit('01234567890');
    const ean = `0${upc}`;
    expect(normalizeGtin(upc)).toEqual(normalizeGtin(ean));
  });
});
