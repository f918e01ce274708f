import { describe, expect, it } from 'vitest';
import {
  calculateNameSimilarity,
  isLikelyDuplicateDeal,
  isNameMatch,
  listSearchWords,
  matchDealToSignals,
  normaliseProductName,
  type ShopperSignal,
} from './deal-matching';

describe('normaliseProductName', () => {
  it('lower-cases, strips accents, sizes, prices and filler words, and singularises', () => {
    expect(normaliseProductName('Organic BANANAS 1kg - 30% off!')).toBe('organic banana');
    expect(normaliseProductName('Crème Fraîche 200 ml')).toBe('creme fraiche');
    expect(normaliseProductName('Strawberries, 2 x 400g')).toBe('strawberry');
    expect(normaliseProductName('Tomatoes on the vine')).toBe('tomato vine');
  });

  it('returns an empty string for names with no words', () => {
    expect(normaliseProductName('500 g $3.99')).toBe('');
  });
});

describe('calculateNameSimilarity', () => {
  it('scores identical names 1 regardless of word order, case and sizes', () => {
    expect(calculateNameSimilarity('BANANAS ORGANIC', 'Organic bananas 1 kg')).toBe(1);
  });

  it('tolerates one typo or an abbreviation in longer words', () => {
    expect(isNameMatch('Chedar cheese', 'Cheddar Cheese 400g')).toBe(true);
    expect(isNameMatch('Yogh natural', 'Natural yoghurt')).toBe(true);
  });

  it('matches a short receipt line inside a slightly longer title', () => {
    expect(isNameMatch('MILK', 'Whole milk')).toBe(true);
  });

  it('does not match when most words differ', () => {
    expect(isNameMatch('milk', 'Chocolate milk cookies')).toBe(false);
    expect(isNameMatch('Apple juice', 'Orange juice')).toBe(false);
    expect(calculateNameSimilarity('', 'milk')).toBe(0);
  });
});

describe('matchDealToSignals', () => {
  const signals: ShopperSignal[] = [
    { source: 'pantry', name: 'Bananas', productId: null },
    { source: 'receipt', name: 'BANANAS ORG', productId: null },
    { source: 'list', name: 'Oat milk', productId: 'p-oat' },
  ];

  it('prefers the same product id over any name', () => {
    expect(matchDealToSignals({ title: 'Barista drink 1L', productId: 'p-oat' }, signals)).toMatchObject({
      source: 'list',
      matchedName: 'Oat milk',
      score: 1,
    });
  });

  it('picks the closest name, preferring what was bought on ties', () => {
    const match = matchDealToSignals({ title: 'Organic bananas', productId: null }, signals);
    expect(match).toMatchObject({ source: 'receipt', matchedName: 'BANANAS ORG' });
  });

  it('returns null when nothing is close enough', () => {
    expect(matchDealToSignals({ title: 'Dish soap', productId: 'p-soap' }, signals)).toBeNull();
    expect(matchDealToSignals({ title: 'Bananas', productId: null }, [])).toBeNull();
  });
});

describe('isLikelyDuplicateDeal', () => {
  const base = { storeId: 's1', title: 'Organic bananas 1kg', salePriceCents: 199 };
  it('flags the same store, a similar title and a similar price', () => {
    expect(isLikelyDuplicateDeal(base, { storeId: 's1', title: 'Bananas organic', salePriceCents: 209 })).toBe(true);
  });
  it('does not flag another store, another product or a very different price', () => {
    expect(isLikelyDuplicateDeal(base, { ...base, storeId: 's2' })).toBe(false);
    expect(isLikelyDuplicateDeal(base, { ...base, title: 'Organic apples' })).toBe(false);
    expect(isLikelyDuplicateDeal(base, { ...base, salePriceCents: 399 })).toBe(false);
    expect(isLikelyDuplicateDeal({ ...base, storeId: null }, { ...base, storeId: null })).toBe(false);
  });
});

describe('listSearchWords', () => {
  it('keeps short stems of meaningful words for a SQL pre-filter', () => {
    expect(listSearchWords('Organic Bananas 1kg')).toEqual(['orga', 'bana']);
  });
});
