import { describe, expect, it } from 'vitest';
import { describeDealLimit, ZCreateDeal } from './deals';

describe('describeDealLimit', () => {
  it('says deal for one and deals otherwise', () => {
    expect(describeDealLimit(1)).toBe('up to 1 deal a day');
    expect(describeDealLimit(10)).toBe('up to 10 deals a day');
  });
});

describe('ZCreateDeal prices typed in a form', () => {
  const deal = { title: 'Butter', description: 'Shelf tag', storeName: 'Lidl' };

  it('reads a price typed with a decimal comma as a German shopper types it', () => {
    const parsed = ZCreateDeal.parse({ ...deal, price: '2,49', originalPrice: '3,29' });
    expect(parsed.price).toBe(2.49);
    expect(parsed.originalPrice).toBe(3.29);
  });

  it('still refuses a price that is not an amount', () => {
    expect(ZCreateDeal.safeParse({ ...deal, price: 'cheap' }).success).toBe(false);
  });
});
