import { describe, expect, it } from 'vitest';
import { findAmounts, findLastAmount, parseAmount } from './amounts';

describe('parseAmount', () => {
  it.each([
    ['12.50', 12.5],
    ['RM 9.00', 9],
    ['RM9.00', 9],
    ['$1,234.56', 1234.56],
    ['-0.50', -0.5],
    ['0.50-', -0.5],
    ['(3.25)', -3.25],
    ['12,50', 12.5],
    ['I2.50', 12.5],
    ['12.5O', 12.5],
    ['RM30.,30', 30.3],
    ['30,.30', 30.3],
  ])('reads %s as %s', (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
  });

  it('rejects things that are not amounts', () => {
    expect(parseAmount('8:13:39')).toBeNull();
    expect(parseAmount('25.12.2018')).toBeNull();
    expect(parseAmount('OATS')).toBeNull();
  });
});

describe('findAmounts', () => {
  it('finds every column of an item line, right-most last', () => {
    const line = '3 @8.99                     26.97 T';
    expect(findAmounts(line).map((amount) => amount.value)).toEqual([8.99, 26.97]);
    expect(findLastAmount(line)?.value).toBe(26.97);
  });

  it('does not take the tail of a longer number', () => {
    expect(findAmounts('Invoice 2018030610.50.1')).toEqual([]);
  });

  it('reads a price whose GST code OCR glued on as a third decimal ("5.905R" for "5.90SR"), not a longer number', () => {
    expect(findLastAmount('£7) 000008190901              5.905R')?.value).toBe(5.9);
    expect(findLastAmount('RM 3.20    1 0.00                   RM3.205R')?.value).toBe(3.2);
    expect(findLastAmount('1x 000008612854     v     558.005R       .           ‘')?.value).toBe(558);
    // Not at the end of the line, or not a code: left alone.
    expect(findLastAmount('TOTAL 1.508')).toBeUndefined();
    expect(findLastAmount('1.505R TEA 2.00')?.value).toBe(2);
  });

  it('reads a price whose decimal point OCR turned into a colon, but not a time', () => {
    expect(findLastAmount('HONEY 120Z           5:99')?.value).toBe(5.99);
    expect(findLastAmount('DATE 05/17/2025  TIME 12:06 PM')).toBeUndefined();
    expect(findLastAmount('25/12/2018 8:13:39')).toBeUndefined();
    // A time after a date, without seconds or its label ("DD" is a misread "Date").
    expect(findLastAmount('er DD: 28/08/2017 12:26')).toBeUndefined();
  });

  it('does not read a size whose last digit is a letter before more letters as a price ("9.5IN")', () => {
    expect(findAmounts('PARTNER E/LOPE 4.51HX9.5IN WA297 EA').map((amount) => amount.value)).not.toContain(9.51);
    expect(findLastAmount('SUGAR 1KG 2.5O')?.value).toBe(2.5);
    expect(findLastAmount('BREAD 12.50S')?.value).toBe(12.5);
  });

  it('reads an amount after a slash that OCR put in front of it', () => {
    expect(findLastAmount('TOTAL          SY /18.00')?.value).toBe(18);
  });

  it('reads a 2 that OCR turned into a z', () => {
    expect(findLastAmount('TOTAL          1z. 15')?.value).toBe(12.15);
  });

  it('reads a last decimal 0 that OCR turned into a C', () => {
    expect(findLastAmount('Total RM Incl. of GST         30. 1C')?.value).toBe(30.1);
    expect(findLastAmount('10273 GA 1 17000 170.0C')?.value).toBe(170);
  });
});
