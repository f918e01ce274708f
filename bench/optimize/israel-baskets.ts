import { readPromotionRule } from '@cartwise/contracts/domain/promotion-reading';
import type { SplitCartInstance, SplitCartPromotion } from '@cartwise/optimizer/types';
import type { DayStore, IsraelDay } from './israel-days';
import type { Rng } from './random';

const LIMITS: (number | null)[] = [1, 2, 3, null];

function promotionsFor(day: IsraelDay, stores: DayStore[], barcodes: string[], hasCards: boolean): SplitCartPromotion[] {
  const indexOf = new Map(barcodes.map((barcode, j) => [barcode, j]));
  return stores.flatMap((store, s) =>
    store.promotions.flatMap((promotion) => {
      const items = [...new Set(promotion.barcodes.flatMap((barcode) => indexOf.get(barcode) ?? []))].filter((j) =>
        store.prices.has(barcodes[j]!),
      );
      if (items.length === 0) return [];
      const read = readPromotionRule(promotion, {
        now: day.date,
        hasLoyaltyCard: hasCards,
        chainRef: `il:${store.chainId}`,
        shelfPricesMinor: items.map((j) => store.prices.get(barcodes[j]!)!),
      });
      return 'rule' in read ? [{ store: s, items, ...read.rule }] : [];
    }),
  );
}

/**
 * A basket of 25-40 barcodes from one published day at its 5 chain stores: about half taken from that day's
 * promotions (2-4 products of a multi-product one, so groups can span items), the rest sold by 2+ chains.
 * Prices in agorot, trips 8-25 shekels; 80 % of the items every store sells must be bought, the others
 * cost 1.5x their dearest price when left. Promotions as the shopper gets them,
 * with or without every chain's loyalty card.
 */
export function buildIsraelBasket(rng: Rng, day: IsraelDay, hasCards: boolean, size: number, stores = day.stores): SplitCartInstance {
  const soldBy = new Map<string, number>();
  for (const store of stores) for (const barcode of store.prices.keys()) soldBy.set(barcode, (soldBy.get(barcode) ?? 0) + 1);
  const shared = [...soldBy].filter(([, count]) => count >= 2).map(([barcode]) => barcode);
  const promoted = stores.flatMap((store) =>
    store.promotions.filter((promotion) => !promotion.isCoupon && promotion.barcodes.some((barcode) => store.prices.has(barcode))),
  );
  const chosen = new Set<string>();
  while (chosen.size < size / 2 && promoted.length > 0) {
    const promotion = rng.pick(promoted);
    const take = rng.integer(1, 4);
    for (let t = 0; t < take && chosen.size < size; t++) chosen.add(rng.pick(promotion.barcodes));
  }
  while (chosen.size < size) chosen.add(rng.pick(shared));
  const barcodes = [...chosen];
  const items = barcodes.map((barcode) => {
    const qty = rng.next() < 0.75 ? 1 : rng.integer(2, 3);
    const prices = stores.flatMap((store) => store.prices.get(barcode) ?? []);
    // Must-buy only where every store sells it (else a store limit could make the basket infeasible).
    const isMustBuy = prices.length === stores.length && rng.next() < 0.8;
    return { id: barcode, qty, penalty: isMustBuy ? null : Math.round(Math.max(0, ...prices) * 1.5) };
  });
  const offers: [number, number, number][] = [];
  stores.forEach((store, s) =>
    barcodes.forEach((barcode, j) => {
      const price = store.prices.get(barcode);
      if (price !== undefined) offers.push([s, j, price]);
    }),
  );
  // A barcode no store sells cannot be bought: drop it rather than make the basket infeasible.
  const isSold = barcodes.map((_, j) => offers.some(([, oj]) => oj === j));
  const keep = barcodes.flatMap((_, j) => (isSold[j] ? [j] : []));
  const renumber = new Map(keep.map((j, k) => [j, k]));
  const kept = keep.map((j) => barcodes[j]!);
  return {
    format: 'splitcart/v1',
    K: rng.pick(LIMITS),
    items: keep.map((j) => items[j]!),
    stores: stores.map((store) => ({ id: `il:${store.chainId}:${store.storeId}`, visitCost: rng.integer(800, 2500) })),
    offers: offers.flatMap(([s, j, price]) => (renumber.has(j) ? [[s, renumber.get(j)!, price] as [number, number, number]] : [])),
    promotions: promotionsFor(day, stores, kept, hasCards),
  };
}

/**
 * The 30-store synthetic version of a basket: each of its 5 stores as 6 branches, prices within +-10 % of the
 * chain's, each of the store's promotions kept at a branch with probability 0.7, trips 5-25 shekels, store
 * limit 1-4 or none.
 */
export function expandToBranches(rng: Rng, basket: SplitCartInstance, branchesPerStore = 6): SplitCartInstance {
  const stores = basket.stores.flatMap((store) =>
    Array.from({ length: branchesPerStore }, (_, b) => ({ id: `${store.id}-${b}`, visitCost: rng.integer(500, 2500) })),
  );
  const offers = basket.offers.flatMap(([s, j, price]) =>
    Array.from({ length: branchesPerStore }, (_, b): [number, number, number] => [
      s * branchesPerStore + b,
      j,
      Math.max(1, Math.round(price * rng.uniform(0.9, 1.1))),
    ]),
  );
  const promotions = (basket.promotions ?? []).flatMap((promotion) =>
    Array.from({ length: branchesPerStore }, (_, b) => ({ ...promotion, store: promotion.store * branchesPerStore + b })).filter(
      () => rng.next() < 0.7,
    ),
  );
  return { ...basket, K: rng.pick([1, 2, 3, 4, null]), stores, offers, promotions };
}
