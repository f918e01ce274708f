import { describe, expect, it } from 'vitest';
import { findAmounts } from './amounts';
import { parseReceiptText } from './parse-receipt-text';
import { sumRateSupplies } from './rate-supplies';

const now = new Date(Date.UTC(2026, 0, 1));
const readLast = (lines: readonly string[]) => (index: number) => findAmounts(lines[index] ?? '').at(-1);

describe('sumRateSupplies', () => {
  it('adds the zero-rated supplies to the taxed supplies, printed and recomputed from the pre-tax amount', () => {
    const lines = [
      'Total 0% supplies: 12.10',
      'Total 6% supplies (excl. GST): 20.00',
      'Total 6% supplies (Inc. GST): 21.20',
      'Total O% supplies: 12.10',
    ];
    expect(sumRateSupplies(lines, readLast(lines))).toEqual({
      withPrintedTax: [33.3],
      withComputedTax: [33.3],
      isZeroConfirmed: true,
      tax: 1.2,
    });
  });

  it('keeps both sums when the two copies of the zero-rated total disagree, and ignores a guessed decimal point', () => {
    const lines = ['Total @% supplies: 16.08', 'Total 6% supplies (Inc. GST): 12.97', 'Total @% supplies: 18.08'];
    expect(sumRateSupplies(lines, readLast(lines)).withPrintedTax).toEqual([29.05, 31.05]);
    expect(
      sumRateSupplies(['Total 0% supplies: 23.4', 'Total 6% supplies (Inc. GST): 27.98'], () => ({
        value: 23.4,
        start: 0,
        end: 4,
        isNegative: false,
        isUndotted: true,
      })).withPrintedTax,
    ).toEqual([]);
  });

  it('subtracts a negative zero-rated total (goods returned), and still reads no negative taxed total', () => {
    const lines = [
      'Total 0% supplies: -7.43',
      'Total 6% supplies (excl. GST): 28.32',
      'Total 6% supplies (Inc. GST): 30.01',
      'Total 0% supplies: 7.83',
    ];
    expect(sumRateSupplies(lines, readLast(lines))).toEqual({
      withPrintedTax: [22.58, 37.84],
      withComputedTax: [22.59, 37.85],
      isZeroConfirmed: false,
      tax: 1.69,
    });
    expect(
      sumRateSupplies(
        ['Total 0% supplies: 1.00', 'Total 6% supplies (Inc. GST): -2.12'],
        readLast(['Total 0% supplies: 1.00', 'Total 6% supplies (Inc. GST): -2.12']),
      ).withPrintedTax,
    ).toEqual([]);
  });
});

describe('totals on invoices that list the bill per tax rate', () => {
  it('takes the payable total confirmed by the per-rate sums, not a per-rate total the items add up to', () => {
    const text = [
      'BAKERY (KL) SDN BHD',
      'TAX INVOICE / ADJUSTMENT NOTE',
      'WHITE BREAD 2.13 5 2 0 3 6.39',
      'WHOLEMEAL 2.78 5 0 5 13.90',
      'Total @ supplies: 20.29',
      'CHOC ROLL 0.72 20 0 0 20 14.40',
      'Total 6% supplies (excl. GST): 14.40',
      'Total 6% supplies (Inc. GST): 15.26',
      'Total 0% supplies: 20.29',
      'Total Payi. er 35.55',
    ].join('\n');
    expect(parseReceiptText(text, { locale: 'en-MY', now }).total.value).toBe(35.55);
  });

  it('keeps the payable total of an invoice with goods returned, not the sum through a misread copy of the zero-rated total', () => {
    const text = [
      'BAKERY (KL) SDN BHD',
      'TAX INVOICE / ADJUSTMENT NOTE',
      'WHITE BREAD 2.13 5 0 5 10.65',
      'WHOLEMEAL 2.78 0 3 -3 -8.34',
      'Total 0% supplies: -7.43',
      'CHOC ROLL 0.72 40 0 0 40 28.32',
      'Total 6% supplies (excl. GST): 28.32',
      'Total 6% supplies (Inc. GST): 30.01',
      'Total 0% supplies: 7.83',
      'Total Payable: 22.58',
    ].join('\n');
    expect(parseReceiptText(text, { locale: 'en-MY', now }).total.value).toBe(22.58);
  });

  it('keeps a clearly printed payable total against two per-rate sums that share one misread zero-rated total', () => {
    const text = [
      'BAKERY (KL) SDN BHD',
      'Date: 05/10/2017',
      'WHITE BREAD 2.13 7 0 0 7 14.91',
      'WHOLEMEAL 2.78 2 0 0 2 5.56',
      'Total 0% supplies: 23.4',
      'CHOC ROLL 0.72 25 0 0 25 18.00',
      'Total 6% supplies (excl. GST): 26.40',
      'Total 6% supplies (Inc. GST): 27.98',
      'Total O% supplies:  3.44',
      'Total Payable: 51.42',
    ].join('\n');
    expect(parseReceiptText(text, { locale: 'en-MY', now }).total.value).toBe(51.42);
  });

  it('reads the tax as the taxed supplies with tax less without, so the items add up to the total', () => {
    const text = [
      'BAKERY (KL) SDN BHD',
      'Date: 28/08/2017',
      'Description U.P Iss Exc D Sale Amt(RM)',
      'WHITE BREAD 2.13 3 0 0 3 6.39',
      'Total 0% supplies: 6.39',
      'CHOC ROLL 0.72 20 0 0 20 14.40',
      'Total 6% supplies (excl. GST): 14.40',
      'Total 6% supplies (Inc. GST): 15.26',
      'Total 0% supplies: 6.39',
      'Total Payable: 21.65',
    ].join('\n');
    const parsed = parseReceiptText(text, { locale: 'en-MY', now });
    expect(parsed.tax.value).toBe(0.86);
    expect(parsed.consistency.isConsistent).toBe(true);
  });
});
