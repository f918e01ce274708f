import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDecimalInput,
  formatMoney,
  formatMoneyCents,
  formatNumber,
  formatQuantity,
  formatUnitPrice,
  parseDecimalInput,
  type FormatSettings,
} from './format';

const US: FormatSettings = { currency: 'USD', locale: 'en-US', units: 'imperial' };
const DE: FormatSettings = { currency: 'EUR', locale: 'de-DE', units: 'metric' };
const GB: FormatSettings = { currency: 'GBP', locale: 'en-GB', units: 'metric' };
// Intl separates the amount and the currency with a no-break space.
const toPlainSpaces = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('formatMoney', () => {
  it('uses the shopper currency and locale, with 2 decimals for cent currencies', () => {
    expect(formatMoney(17.81, US)).toBe('$17.81');
    expect(toPlainSpaces(formatMoney(17.81, DE))).toBe('17,81 €');
    expect(formatMoney(3, GB)).toBe('£3.00');
    expect(toPlainSpaces(formatMoney(1234.5, DE))).toBe('1.234,50 €');
    expect(formatMoneyCents(1999, US)).toBe('$19.99');
  });

  it('shows a currency without minor units, such as yen, without decimals', () => {
    const JP: FormatSettings = { currency: 'JPY', locale: 'ja-JP', units: 'metric' };
    expect(formatMoney(1234.4, JP)).toBe('￥1,234');
    expect(formatMoneyCents(123456, JP)).toBe('￥1,235');
  });

  it('never prints a negative zero and keeps the sign of a refund', () => {
    expect(formatMoney(-0.004, US)).toBe('$0.00');
    expect(formatMoney(-2.5, US)).toBe('-$2.50');
  });

  it('falls back instead of throwing on an unknown locale tag', () => {
    expect(formatMoney(1, { ...US, locale: 'not a locale!' })).toBe('$1.00');
  });
});

describe('formatDate', () => {
  it('shows calendar days in the shopper locale without moving them across time zones', () => {
    expect(formatDate('2026-11-24', US)).toBe('Nov 24, 2026');
    expect(formatDate('2026-11-24', DE)).toBe('24.11.2026');
    expect(formatDate('2026-11', DE, 'month')).toBe('November 2026');
    expect(formatDate('2026-11', US, 'month')).toBe('November 2026');
  });

  it('reads full timestamps and shows a dash for none', () => {
    expect(formatDate('2026-11-24T15:30:00Z', GB, 'date')).toBe('24 Nov 2026');
    expect(formatDate(null, US)).toBe('—');
    expect(formatDate('garbage', US)).toBe('garbage');
  });
});

describe('formatUnitPrice', () => {
  it('converts metric unit prices for an imperial shopper', () => {
    expect(formatUnitPrice(0.87, 'l', US)).toBe('$0.82/qt');
    expect(formatUnitPrice(1, '100 g', US)).toBe('$4.54/lb');
    expect(formatUnitPrice(2, 'item', US)).toBe('$2.00/item');
  });

  it('keeps metric for a metric shopper and converts imperial to metric', () => {
    expect(toPlainSpaces(formatUnitPrice(0.87, 'l', DE))).toBe('0,87 €/l');
    expect(formatUnitPrice(1, 'lb', GB)).toBe('£2.20/kg');
  });
});

describe('formatNumber and formatQuantity', () => {
  it('use the locale separators', () => {
    expect(formatNumber(1234, DE, 0)).toBe('1.234');
    expect(formatQuantity(2.3, 'lb', US)).toBe('2.3 lb');
    expect(formatQuantity(2.3, 'kg', DE)).toBe('2,3 kg');
    expect(formatQuantity(2, null, US)).toBe('2');
  });
});

describe('parseDecimalInput and formatDecimalInput', () => {
  it('reads amounts typed with either decimal mark and with thousands', () => {
    expect(parseDecimalInput('2,50')).toBe(2.5);
    expect(parseDecimalInput('2.50')).toBe(2.5);
    expect(parseDecimalInput(' 3 ')).toBe(3);
    expect(parseDecimalInput('1.234,5')).toBe(1234.5);
    expect(parseDecimalInput('1,234.50')).toBe(1234.5);
    expect(parseDecimalInput('1.234')).toBe(1234);
  });

  it('refuses text that is not an amount', () => {
    for (const text of ['', 'abc', '2,5055', '12,34,56', '-1', '1.2.3', '12.345.6']) expect(parseDecimalInput(text), text).toBeNull();
  });

  it('writes a field’s amount with the locale’s decimal mark and no grouping', () => {
    expect(formatDecimalInput(2.5, DE)).toBe('2,50');
    expect(formatDecimalInput(1234.5, US)).toBe('1234.50');
  });
});
