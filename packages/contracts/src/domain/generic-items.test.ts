import { describe, expect, it } from 'vitest';
import { countWholePacks, isInSizeClass, readGenericNeed, toComparedUnitPrice } from './generic-items';
import { findBestOffers, type OfferProduct, type OfferQuote } from './split-cart-offers';

const generic = (name: string, quantity = 1, unit: string | null = null, acceptsSubstitutes = true) =>
  readGenericNeed({ name, quantity, unit, acceptsSubstitutes });

describe('reading a generic item', () => {
  it('reads the size from the name or the unit, times the quantity, and keeps the words that name the product', () => {
    expect(generic('milk 1 L', 2)).toEqual({ words: 'milk', asked: { amount: 1000, unit: 'ml' }, need: { amount: 2000, unit: 'ml' } });
    expect(generic('eggs x12')).toEqual({ words: 'eggs', asked: { amount: 12, unit: 'ct' }, need: { amount: 12, unit: 'ct' } });
    expect(generic('500g oats')).toMatchObject({ words: 'oats', need: { amount: 500, unit: 'g' } });
    expect(generic('milk', 2, 'L')).toMatchObject({ words: 'milk', asked: { amount: 1000, unit: 'ml' }, need: { amount: 2000 } });
    expect(generic('חלב 1 ליטר')).toMatchObject({ words: 'חלב', need: { amount: 1000, unit: 'ml' } });
  });

  it('is no generic item without substitutes, without a size, or with a unit it cannot read', () => {
    expect(generic('milk 1 L', 1, null, false)).toBeNull();
    expect(generic('milk')).toBeNull();
    expect(generic('milk', 2, 'bottle')).toBeNull();
    expect(generic('1 L')).toBeNull();
  });
});

describe('size classes and whole packs', () => {
  it('counts packages from a quarter to twice the asked size, of the same measure', () => {
    const litre = { amount: 1000, unit: 'ml' } as const;
    expect(isInSizeClass(litre, { amount: 250, unit: 'ml' })).toBe(true);
    expect(isInSizeClass(litre, { amount: 2000, unit: 'ml' })).toBe(true);
    expect(isInSizeClass(litre, { amount: 3000, unit: 'ml' })).toBe(false);
    expect(isInSizeClass(litre, { amount: 1000, unit: 'g' })).toBe(false);
  });

  it('buys whole packs that cover the need, a pack a little short still counting', () => {
    expect(countWholePacks({ amount: 2000, unit: 'ml' }, { amount: 1000, unit: 'ml' })).toBe(2);
    expect(countWholePacks({ amount: 2000, unit: 'ml' }, { amount: 1500, unit: 'ml' })).toBe(2);
    expect(countWholePacks({ amount: 1000, unit: 'ml' }, { amount: 946.353, unit: 'ml' })).toBe(1);
    expect(countWholePacks({ amount: 12, unit: 'ct' }, { amount: 6, unit: 'ct' })).toBe(2);
    expect(countWholePacks({ amount: 12, unit: 'ct' }, { amount: 12, unit: 'g' })).toBeNull();
  });

  it('says the unit price compared per kilogram, litre or item', () => {
    expect(toComparedUnitPrice(199, { amount: 500, unit: 'ml' })).toEqual({ cents: 398, per: 'L' });
    expect(toComparedUnitPrice(450, { amount: 12, unit: 'ct' })).toEqual({ cents: 37.5, per: 'item' });
  });
});

describe('pricing a generic item by whole packs', () => {
  const products = new Map<string, OfferProduct>([
    ['one-litre', { id: 'one-litre', sizeValue: 1, sizeUnit: 'l' }],
    ['two-litre', { id: 'two-litre', sizeValue: 2, sizeUnit: 'l' }],
    ['half-litre', { id: 'half-litre', sizeValue: 500, sizeUnit: 'ml' }],
    ['jug', { id: 'jug', sizeValue: 4, sizeUnit: 'l' }],
  ]);
  const quote = (productId: string, storeId: string, priceCents: number): OfferQuote => ({
    productId,
    storeId,
    priceCents,
    observedOn: '2026-11-28',
    isDeal: false,
  });
  const milk = generic('milk 1 L', 2)!;
  const item = { quantity: 2, unit: null, referenceProductId: 'one-litre', candidateProductIds: [...products.keys()], generic: milk };

  it('picks product and store together by what the needed quantity costs: 2 x 1 L at one store, 1 x 2 L at another', () => {
    const quotes = [
      quote('one-litre', 'A', 150),
      quote('two-litre', 'A', 320),
      quote('one-litre', 'B', 190),
      quote('two-litre', 'B', 330),
      // 4 x 500 ml at B is dearer still; the 4 L jug is outside the class however cheap.
      quote('half-litre', 'B', 90),
      quote('jug', 'B', 200),
    ];
    const offers = findBestOffers(item, products, quotes);
    expect(offers.get('A')).toMatchObject({ productId: 'one-litre', packs: 2, unitPriceCents: 150 });
    expect(offers.get('B')).toMatchObject({ productId: 'two-litre', packs: 1, unitPriceCents: 165 });
  });

  it('buys less of two equal costs, and leaves out products of unknown size', () => {
    const unknown = new Map<string, OfferProduct>([
      ...products,
      ['litre-and-half', { id: 'litre-and-half', sizeValue: 1.5, sizeUnit: 'l' }],
      ['loose', { id: 'loose', sizeValue: null, sizeUnit: null }],
    ]);
    // 2 x 1.5 L and 2 x 1 L both cost 4.00: the 2 L of the second are enough.
    const offers = findBestOffers({ ...item, candidateProductIds: [...unknown.keys()] }, unknown, [
      quote('litre-and-half', 'A', 200),
      quote('one-litre', 'A', 200),
      quote('loose', 'A', 10),
    ]);
    expect(offers.get('A')).toMatchObject({ productId: 'one-litre', packs: 2 });
    expect(findBestOffers({ ...item, candidateProductIds: ['loose'] }, unknown, [quote('loose', 'A', 10)]).size).toBe(0);
  });
});
