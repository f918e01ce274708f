import { describe, expect, it } from 'vitest';
import { ZCurrencyCode } from '../contracts/settings';
import { CURRENCY_CODES, describeCurrency, isCurrencyCode } from './currencies';

describe('currencies', () => {
  it('knows every ISO 4217 currency a source may bring, not a fixed few', () => {
    for (const code of ['ILS', 'EUR', 'NOK', 'SEK', 'HRK', 'JPY', 'USD', 'MYR']) expect(isCurrencyCode(code)).toBe(true);
    expect(CURRENCY_CODES.length).toBeGreaterThan(150);
  });

  it('refuses what is not a currency code', () => {
    for (const code of ['ils', 'EURO', 'XYZ', '', '12A']) expect(isCurrencyCode(code)).toBe(false);
    expect(ZCurrencyCode.safeParse('NOK').success).toBe(true);
    const wrong = ZCurrencyCode.safeParse('XYZ');
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe('Choose a currency by its ISO 4217 code, like EUR');
  });

  it('names a currency in the shopper’s language', () => {
    expect(describeCurrency('NOK', 'en-US')).toBe('NOK · Norwegian Krone');
    expect(describeCurrency('EUR', 'de-DE')).toBe('EUR · Euro');
  });
});
