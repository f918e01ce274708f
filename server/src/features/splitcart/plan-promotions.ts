import { readPromotionRule } from '@cartwise/contracts/domain/promotion-reading';
import { priceStorePart, type PromotionLine, type PromotionRule, type StorePartPrice } from '@cartwise/contracts/domain/promotions';
import type { SplitCartPromotion } from '@cartwise/optimizer';
import type { StoreOffer } from '@cartwise/contracts/domain/split-cart-offers';
import type { PlanInputs } from './plan-inputs';
import type { PromotionRow } from './plan-promotions.repo';

/** What promotions read of a priced item (plan-pricing's PricedItem). */
interface PricedItem {
  item: { quantity: number };
  offers: Map<string, StoreOffer>;
}

/** A promotion as this shopper gets it at one candidate store. */
export interface PlanPromotion {
  id: string;
  description: string;
  rule: PromotionRule;
  productIds: ReadonlySet<string>;
}

/** Per candidate store (same order as inputs.stores), the promotions that apply to this shopper there. */
export type StorePromotions = PlanPromotion[][];

/**
 * The item's offer at the store, when a promotion can count it: the offer's product is covered and the item is
 * counted in packages of it (a promotion counts packages).
 */
function countsPackages(item: PricedItem, storeId: string, promotion: PlanPromotion) {
  const offer = item.offers.get(storeId);
  if (!offer || !promotion.productIds.has(offer.productId)) return null;
  return offer.unitPriceCents === offer.quote.priceCents ? offer : null;
}

/**
 * The promotions of the candidate stores as this shopper gets them on the chosen products: coupons, expired ones,
 * club-only ones without the chain's card and malformed ones never apply (contracts' domain/promotion-reading.ts).
 */
export function readStorePromotions(inputs: PlanInputs, priced: readonly PricedItem[], rows: readonly PromotionRow[]): StorePromotions {
  const byStore: StorePromotions = inputs.stores.map(() => []);
  for (const row of rows) {
    const storeIndex = inputs.stores.findIndex((store) => store.id === row.storeId);
    if (storeIndex < 0) continue;
    const shelfPricesMinor = priced.flatMap(({ offers }) => {
      const offer = offers.get(row.storeId);
      return offer && row.productIds.includes(offer.productId) ? [offer.quote.priceCents] : [];
    });
    if (shelfPricesMinor.length === 0) continue;
    const read = readPromotionRule(
      { ...row, isCoupon: false },
      { now: inputs.today, hasLoyaltyCard: row.hasLoyaltyCard, chainRef: row.chainRef, shelfPricesMinor },
    );
    if (!('rule' in read)) continue;
    byStore[storeIndex]!.push({ id: row.id, description: row.description, rule: read.rule, productIds: new Set(row.productIds) });
  }
  return byStore;
}

/** The solver's promotions: each store's promotions over the item indices they can count. */
export function toInstancePromotions(inputs: PlanInputs, priced: readonly PricedItem[], promotions: StorePromotions): SplitCartPromotion[] {
  return promotions.flatMap((list, storeIndex) =>
    list.flatMap((promotion) => {
      const storeId = inputs.stores[storeIndex]!.id;
      const items = priced.flatMap((item, itemIndex) => (countsPackages(item, storeId, promotion) ? [itemIndex] : []));
      return items.length > 0 ? [{ store: storeIndex, items, ...promotion.rule }] : [];
    }),
  );
}

/** A store's part (these item indices) priced under its promotions, the same way the solver priced it. */
export function priceStoreItems(
  inputs: PlanInputs,
  priced: readonly PricedItem[],
  promotions: StorePromotions,
  storeIndex: number,
  itemIndices: readonly number[],
): { part: StorePartPrice; lines: PromotionLine[]; promotions: PlanPromotion[] } {
  const storeId = inputs.stores[storeIndex]!.id;
  const here = promotions[storeIndex] ?? [];
  const lines = itemIndices.map((itemIndex) => {
    const item = priced[itemIndex]!;
    const offer = item.offers.get(storeId)!;
    return {
      qty: item.item.quantity,
      unitPriceCents: offer.unitPriceCents,
      promotionIndices: here.flatMap((promotion, index) => (countsPackages(item, storeId, promotion) ? [index] : [])),
    };
  });
  return {
    part: priceStorePart(
      lines,
      here.map((promotion) => promotion.rule),
    ),
    lines,
    promotions: here,
  };
}
