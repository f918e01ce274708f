import { describe, expect, it } from 'vitest';
import { matchProduct, normaliseProductName, scoreProductName, toAliasKey, toCanonicalProductName } from './product-matching';

const products = [
  { id: 'milk', name: 'Whole Milk', brand: 'Great Value' },
  { id: 'choc', name: 'Chocolate Milk', brand: null },
  { id: 'bread', name: 'White Bread', brand: null },
  { id: 'chicken', name: 'Boneless Skinless Chicken Breast', brand: null },
];

describe('product matching', () => {
  it('expands till abbreviations', () => {
    expect(normaliseProductName('GV WHL MLK GAL')).toBe('great value whole milk gallon');
    expect(normaliseProductName('BNLS SKNLS CHKN BRST')).toBe('boneless skinless chicken breast');
  });

  it('scores identical names 1 and unrelated names low', () => {
    expect(scoreProductName('White Bread', 'white bread')).toBe(1);
    expect(scoreProductName('White Bread', 'Chicken Breast')).toBeLessThan(0.6);
  });

  it('matches an abbreviated line to the right product by name and brand', () => {
    const match = matchProduct('GV WHL MLK GAL', 'walmart', products, []);
    expect(match?.productId).toBe('milk');
    expect(match?.isAliasMatch).toBe(false);
    expect(matchProduct('BNLS SKNLS CHKN BRST', null, products, [])?.productId).toBe('chicken');
  });

  it('prefers an alias confirmed for the same chain over any fuzzy match', () => {
    const aliases = [{ productId: 'choc', alias: 'GV WHL MLK GAL', chainId: 'walmart' }];
    expect(matchProduct('gv whl mlk gal', 'walmart', products, aliases)).toEqual({ productId: 'choc', score: 1, isAliasMatch: true });
    // The parser may print the pack size apart from the name.
    expect(matchProduct('GV WHL MLK', 'walmart', products, aliases)).toMatchObject({ productId: 'choc', isAliasMatch: true });
    // Another chain's alias is only a fuzzy hint there.
    expect(matchProduct('GV WHL MLK GAL', 'target', products, aliases)?.isAliasMatch).toBe(false);
  });

  it('returns null when nothing is close', () => {
    expect(matchProduct('BATTERIES AA 8PK', null, products, [])).toBeNull();
    expect(matchProduct('   ', null, products, [])).toBeNull();
  });

  it('builds alias keys and canonical names', () => {
    expect(toAliasKey('  GV WHL-MLK, GAL ')).toBe('gv whl mlk gal');
    expect(toCanonicalProductName('GV WHL MLK GAL')).toBe('Great Value Whole Milk');
    expect(toCanonicalProductName('Oats 500g')).toBe('Oats');
  });
});
