import type { PromotionRule } from './promotions';

/** A promotion as stored from a price source (money in minor units). */
export interface StoredPromotion {
  minQuantity: number;
  discountedPriceMinor: number | null;
  discountRate: number | null;
  minPurchaseMinor: number | null;
  isClubOnly: boolean;
  isCoupon: boolean;
  validFrom: string | null;
  validTo: string | null;
}

export type PromotionPriceReading = 'group-total' | 'unit-price';

/**
 * How each chain's files give a multi-unit price, where they are ambiguous (a group price below one shelf
 * price may be the whole group's price or each unit's). Keyed by the price source's chain reference.
 * A chain not listed here has such rows skipped.
 */
export const PROMOTION_PRICE_READINGS: Readonly<Record<string, { reading: PromotionPriceReading; reason: string }>> = {
  'il:7290027600007': {
    reading: 'group-total',
    reason: 'Shufersal: descriptions name the group price ("2ב12" is 2 for 12.00, beside a 12.90 shelf price).',
  },
  'il:7290058140886': {
    reading: 'group-total',
    reason: 'Rami Levy: descriptions name the group price ("5 יח\' ב-9.90", beside a 12.90 shelf price).',
  },
  'il:7290055700007': {
    reading: 'group-total',
    reason: "Carrefour / Yeinot Bitan: 2 for 100.00 beside 56.90 and a 12 % rate: the price is the pair's.",
  },
  'il:7290103152017': {
    reading: 'group-total',
    reason: 'Osher Ad: descriptions "3 ב 10" and "2 ב 60" match the price field (10.00, 60.00).',
  },
  'il:7290803800003': {
    reading: 'group-total',
    reason: 'Yochananof: 3 for 12.00 beside a 4.90 shelf price, 2 for 110.00 beside 64.90: group prices.',
  },
};

export type PromotionSkipReason = 'coupon' | 'expired' | 'not-started' | 'loyalty' | 'min-quantity' | 'price' | 'rate' | 'ambiguous-price';

export interface PromotionReadingContext {
  /** ISO date (YYYY-MM-DD) or date-time of the plan. */
  now: string;
  /** Does the shopper hold a card for this promotion's chain? */
  hasLoyaltyCard: boolean;
  chainRef: string | null;
  /** Shelf prices (per unit, minor units) of the covered products at this store, for the ambiguity check. */
  shelfPricesMinor: readonly number[];
}

const dateOf = (value: string) => value.slice(0, 10);

/**
 * The rule a stored promotion gives this shopper at this store, or why it does not apply: coupons, expired or
 * future promotions, loyalty-club promotions without the chain's card, a minimum quantity below 1 (weighed
 * minimums under 1 count as 1; above 1 they must be whole), a price <= 0, a rate outside (0, 100].
 */
export function readPromotionRule(
  promotion: StoredPromotion,
  context: PromotionReadingContext,
): { rule: PromotionRule } | { skipped: PromotionSkipReason } {
  if (promotion.isCoupon) return { skipped: 'coupon' };
  if (promotion.validTo !== null && dateOf(promotion.validTo) < dateOf(context.now)) return { skipped: 'expired' };
  if (promotion.validFrom !== null && dateOf(promotion.validFrom) > dateOf(context.now)) return { skipped: 'not-started' };
  if (promotion.isClubOnly && !context.hasLoyaltyCard) return { skipped: 'loyalty' };
  const rawQuantity = promotion.minQuantity;
  if (!(rawQuantity > 0)) return { skipped: 'min-quantity' };
  const minQuantity = rawQuantity <= 1 ? 1 : rawQuantity;
  if (!Number.isInteger(minQuantity)) return { skipped: 'min-quantity' };
  const minPurchaseCents = promotion.minPurchaseMinor !== null && promotion.minPurchaseMinor > 0 ? promotion.minPurchaseMinor : null;
  const price = promotion.discountedPriceMinor;
  if (price !== null) {
    if (!Number.isInteger(price) || price <= 0) return { skipped: 'price' };
    if (minQuantity === 1) return { rule: { minQuantity, groupPriceCents: price, discountRate: null, minPurchaseCents } };
    const isBelowOneShelf = context.shelfPricesMinor.some((shelf) => price < shelf);
    const reading = context.chainRef === null ? undefined : PROMOTION_PRICE_READINGS[context.chainRef];
    if (isBelowOneShelf && !reading) return { skipped: 'ambiguous-price' };
    const groupPriceCents = reading?.reading === 'unit-price' ? price * minQuantity : price;
    return { rule: { minQuantity, groupPriceCents, discountRate: null, minPurchaseCents } };
  }
  const rate = promotion.discountRate;
  if (rate === null || !(rate > 0) || rate > 100) return { skipped: 'rate' };
  return { rule: { minQuantity, groupPriceCents: null, discountRate: rate, minPurchaseCents } };
}
