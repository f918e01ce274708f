import { describe, expect, it } from 'vitest';
import { describeItemName, describeItemQuantity, toDisplayName } from './receipt-line';

const US = { currency: 'USD', locale: 'en-US', units: 'imperial' } as const;
const DE = { currency: 'EUR', locale: 'de-DE', units: 'metric' } as const;

describe('receipt lines', () => {
  it('shows weighed items with their weight and price per unit', () => {
    expect(describeItemQuantity({ quantity: 2.3, price: 1.38, unitPrice: null }, US)).toBe('2.3 lb @ $0.60/lb');
    expect(describeItemQuantity({ quantity: 0.5, price: 2, unitPrice: 4 }, DE).replace(/\u00a0/g, ' ')).toBe('0,5 kg @ 4,00 €/kg');
  });

  it('keeps counted items as name x quantity', () => {
    expect(describeItemQuantity({ quantity: 2, price: 3, unitPrice: 1.5 }, US)).toBe('x 2');
  });

  it('names items as products, not receipt capitals', () => {
    expect(toDisplayName('WHOLE MILK 1 GAL')).toBe('Whole Milk 1 Gal');
    expect(toDisplayName('Oat milk')).toBe('Oat milk');
    expect(describeItemName({ name: 'BANANAS', productName: 'Bananas, loose' })).toBe('Bananas, loose');
    expect(describeItemName({ name: 'BANANAS', productName: null })).toBe('Bananas');
  });
});
