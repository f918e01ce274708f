import type { TRecommendationPlan } from '@cartwise/contracts';
import { findBestOffers, type OfferProduct, type StoreOffer } from '@cartwise/contracts/domain/split-cart-offers';
import type { Deps } from '../../app-types';
import { findLatestQuotes } from '../pricebook';
import { readGenericNeed } from '@cartwise/contracts/domain/generic-items';
import { findCandidates, findGenericCandidates, linkItem, loadMatchPool } from './plan-matching';
import type { PlanInputs } from './plan-inputs';
import { readStorePromotions, type StorePromotions } from './plan-promotions';
import { findPlanPromotions } from './plan-promotions.repo';
import * as repo from './recommendations.repo';
import { addDaysIso } from '@cartwise/contracts';

export interface PricedItem {
  item: repo.PlanListItem;
  offers: Map<string, StoreOffer>;
}

export interface PricedList {
  priced: PricedItem[];
  unpriced: TRecommendationPlan['unpriced'];
  productById: Map<string, repo.PlanProductRow>;
  /** The promotions this shopper gets at each candidate store (`plan-promotions.ts`). */
  promotions: StorePromotions;
}

/**
 * Links each item to a product, widens it to its substitutes, prices every candidate at every store, and reads
 * the promotions the shopper gets on the chosen products there.
 */
export async function priceListItems(app: Deps<'db'>, inputs: PlanInputs, userId: string): Promise<PricedList> {
  const { items, stores, today, includeStale, staleDays } = inputs;
  const pool = await loadMatchPool(app, items);
  const { productById } = pool;
  const offerProducts = new Map<string, OfferProduct>(
    pool.products.map((p) => [p.id, { id: p.id, sizeValue: p.size_value, sizeUnit: p.size_unit }]),
  );

  const linked = items.map((item) => ({ item, productId: linkItem(item, pool), generic: readGenericNeed(item) }));
  const candidatesByItem = new Map(
    linked.flatMap(({ item, productId, generic }) => {
      if (!productId) return [];
      const candidates = generic ? findGenericCandidates(productId, item, generic, pool) : findCandidates(productId, item, pool);
      return [[item.id, candidates] as const];
    }),
  );
  const allCandidates = new Set([...candidatesByItem.values()].flat());
  // Promotions on every candidate are read beside the prices (one round trip); those of the chosen ones are kept.
  const [latest, promotionRows] = await Promise.all([
    findLatestQuotes(app.db, { productIds: [...allCandidates], storeIds: stores.map((s) => s.id), onDate: today }),
    findPlanPromotions(app.db, { userId, storeIds: stores.map((s) => s.id), productIds: [...allCandidates], today }),
  ]);
  const oldestFresh = addDaysIso(today, -staleDays);
  const quotes = latest
    .filter((q) => includeStale || q.observedOn >= oldestFresh)
    .map((q) => ({ productId: q.productId, storeId: q.storeId, priceCents: q.unitPriceCents, observedOn: q.observedOn, isDeal: q.isDeal }));

  const unpriced: TRecommendationPlan['unpriced'] = [];
  const priced: PricedItem[] = [];
  for (const { item, productId, generic } of linked) {
    if (!productId) {
      unpriced.push({ itemId: item.id, name: item.name, reason: 'no-product' });
      continue;
    }
    const offerItem = { quantity: item.quantity, unit: item.unit, referenceProductId: productId };
    let offers = findBestOffers(
      { ...offerItem, candidateProductIds: candidatesByItem.get(item.id) ?? [productId], generic },
      offerProducts,
      quotes,
    );
    // No product of the size class has a known size and a price: the item is priced as an ordinary one instead.
    if (generic && offers.size === 0) {
      offers = findBestOffers({ ...offerItem, candidateProductIds: findCandidates(productId, item, pool) }, offerProducts, quotes);
    }
    if (offers.size === 0) unpriced.push({ itemId: item.id, name: item.name, reason: 'no-price' });
    else priced.push({ item, offers });
  }
  return { priced, unpriced, productById, promotions: readStorePromotions(inputs, priced, promotionRows) };
}
