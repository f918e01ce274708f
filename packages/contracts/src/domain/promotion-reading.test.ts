import { describe, expect, it } from 'vitest';
import { readPromotionRule, type StoredPromotion } from './promotion-reading';

const promotion = (partial: Partial<StoredPromotion>): StoredPromotion => ({
  minQuantity: 2,
  discountedPriceMinor: 1200,
  discountRate: null,
  minPurchaseMinor: null,
  isClubOnly: false,
  isCoupon: false,
  validFrom: null,
  validTo: '2026-08-31',
  ...partial,
});
const context = { now: '2026-08-15', hasLoyaltyCard: false, chainRef: 'il:7290027600007', shelfPricesMinor: [1290] };

describe('readPromotionRule', () => {
  it('reads a listed chain group price below one shelf price as the whole group', () => {
    expect(readPromotionRule(promotion({}), context)).toEqual({
      rule: { minQuantity: 2, groupPriceCents: 1200, discountRate: null, minPurchaseCents: null },
    });
  });

  it('skips that row for a chain the table does not list', () => {
    expect(readPromotionRule(promotion({}), { ...context, chainRef: 'xx:unknown' })).toEqual({ skipped: 'ambiguous-price' });
    expect(readPromotionRule(promotion({ discountedPriceMinor: 2000 }), { ...context, chainRef: null })).toMatchObject({
      rule: { groupPriceCents: 2000 },
    });
  });

  it('never applies coupons, expired, future, or club promotions without the card', () => {
    expect(readPromotionRule(promotion({ isCoupon: true }), context)).toEqual({ skipped: 'coupon' });
    expect(readPromotionRule(promotion({ validTo: '2026-08-14T23:59:00' }), context)).toEqual({ skipped: 'expired' });
    expect(readPromotionRule(promotion({ validFrom: '2026-08-16' }), context)).toEqual({ skipped: 'not-started' });
    expect(readPromotionRule(promotion({ isClubOnly: true }), context)).toEqual({ skipped: 'loyalty' });
    expect(readPromotionRule(promotion({ isClubOnly: true }), { ...context, hasLoyaltyCard: true })).toHaveProperty('rule');
  });

  it('skips a zero or negative price, a minimum quantity of 0 and a fractional minimum above 1', () => {
    expect(readPromotionRule(promotion({ discountedPriceMinor: 0 }), context)).toEqual({ skipped: 'price' });
    expect(readPromotionRule(promotion({ discountedPriceMinor: -100 }), context)).toEqual({ skipped: 'price' });
    expect(readPromotionRule(promotion({ minQuantity: 0 }), context)).toEqual({ skipped: 'min-quantity' });
    expect(readPromotionRule(promotion({ minQuantity: 1.85 }), context)).toEqual({ skipped: 'min-quantity' });
    expect(readPromotionRule(promotion({ minQuantity: 0.25, discountedPriceMinor: 900 }), context)).toMatchObject({
      rule: { minQuantity: 1 },
    });
  });

  it('uses the rate when there is no price, within (0, 100]', () => {
    expect(readPromotionRule(promotion({ discountedPriceMinor: null, discountRate: 30 }), context)).toMatchObject({
      rule: { discountRate: 30, groupPriceCents: null },
    });
    expect(readPromotionRule(promotion({ discountedPriceMinor: null, discountRate: 0 }), context)).toEqual({ skipped: 'rate' });
  });
});
