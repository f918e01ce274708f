import { describe, expect, it } from 'vitest';
import { findBestOffers, type OfferProduct, type OfferQuote } from './split-cart-offers';

const products = new Map<string, OfferProduct>([
  ['oats-1kg', { id: 'oats-1kg', sizeValue: 1, sizeUnit: 'kg' }],
  ['oats-500g', { id: 'oats-500g', sizeValue: 500, sizeUnit: 'g' }],
  ['milk-gal', { id: 'milk-gal', sizeValue: 1, sizeUnit: 'gal' }],
  ['loose', { id: 'loose', sizeValue: null, sizeUnit: null }],
]);
const quote = (productId: string, storeId: string, priceCents: number): OfferQuote => ({
  productId,
  storeId,
  priceCents,
  observedOn: '2026-11-01',
  isDeal: false,
});

describe('findBestOffers', () => {
  it('normalises package sizes to the linked product when the item has no unit', () => {
    const offers = findBestOffers(
      { quantity: 1, unit: null, referenceProductId: 'oats-1kg', candidateProductIds: ['oats-1kg', 'oats-500g'] },
      products,
      [quote('oats-1kg', 'A', 350), quote('oats-500g', 'A', 200), quote('oats-500g', 'B', 160)],
    );
    // At A the 1 kg bag (3.50) beats two 500 g bags (4.00); at B two 500 g bags cost 3.20.
    expect(offers.get('A')).toMatchObject({ productId: 'oats-1kg', unitPriceCents: 350 });
    expect(offers.get('B')).toMatchObject({ productId: 'oats-500g', unitPriceCents: 320 });
  });

  it('prices per unit the item asks for', () => {
    const offers = findBestOffers(
      { quantity: 2, unit: 'lb', referenceProductId: 'oats-1kg', candidateProductIds: ['oats-1kg'] },
      products,
      [quote('oats-1kg', 'A', 1000)],
    );
    expect(offers.get('A')!.unitPriceCents).toBeCloseTo(453.59237, 3);
  });

  it('leaves out substitutes whose size cannot be compared, but keeps the linked product', () => {
    const offers = findBestOffers(
      { quantity: 1, unit: null, referenceProductId: 'milk-gal', candidateProductIds: ['milk-gal', 'loose', 'oats-1kg'] },
      products,
      [quote('loose', 'A', 10), quote('oats-1kg', 'A', 20), quote('milk-gal', 'B', 399)],
    );
    expect(offers.has('A')).toBe(false);
    expect(offers.get('B')!.unitPriceCents).toBe(399);
  });

  it('uses the shelf price for an unsized linked product', () => {
    const offers = findBestOffers({ quantity: 3, unit: null, referenceProductId: 'loose', candidateProductIds: ['loose'] }, products, [
      quote('loose', 'C', 89),
    ]);
    expect(offers.get('C')!.unitPriceCents).toBe(89);
  });
});
