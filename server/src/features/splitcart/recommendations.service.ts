import { performance } from 'node:perf_hooks';
import type { TPlanLine, TPlanStop, TPlanStore, TRecommendationPlan, TRecommendationQuery, TStoreComparison } from '@cartwise/contracts';
import { matchProduct, scoreProductName, AUTO_LINK_SCORE } from '@cartwise/contracts/domain/product-matching';
import { findBestOffers, type OfferProduct, type StoreOffer } from '@cartwise/contracts/domain/split-cart-offers';
import { roundLineCents, type SplitCartInstance } from '@cartwise/optimizer';
import type { Deps } from '../../app-types';
import { HttpError, notFound } from '../../http/errors';
import { assertFeatureEnabled } from '../../platform/operator-settings';
import { findLatestQuotes } from '../pricebook';
import { countDaysBetween, getStaleDays, subtractDays } from '../pricebook';
import * as repo from './recommendations.repo';
import type { SolverThread } from './solver-thread';

// Leaving an item unbought costs far more than any real price, so the plan only does it when the store
// limit leaves no store that sells the item; it is then listed as not found.
const UNBOUGHT_PENALTY_CENTS = 1_000_000;
const SUBSTITUTE_SCORE = 0.75;
/**
 * Household lists finish in milliseconds; a list of hundreds of items over dozens of stores with one trip cost
 * and unrelated prices can need seconds to prove (bench/optimize, adv:same-trip-iid), so past this the shopper
 * gets the best plan found and how far from proven it is. The solve runs on a worker thread (solver-thread.ts).
 */
const SOLVE_TIME_LIMIT_MS = 2000;

interface PricedItem {
  item: repo.PlanListItem;
  offers: Map<string, StoreOffer>;
}

function describePackage(product: { size_value: number | null; size_unit: string | null } | undefined): string | null {
  if (!product?.size_value || !product.size_unit) return null;
  return `${product.size_value} ${product.size_unit}`;
}

export async function planList(
  app: Deps<'db' | 'log'>, solver: SolverThread, userId: string, listId: string, query: TRecommendationQuery,
): Promise<TRecommendationPlan> {
  await assertFeatureEnabled(app, 'split_cart', 'Split-cart recommendations are turned off for now. Your list still works as usual.');
  const list = await repo.findOwnedList(app.db, listId, userId);
  if (!list) throw notFound('List');
  const today = query.date ?? new Date().toISOString().slice(0, 10);
  const staleDays = await getStaleDays(app);
  const includeStale = query.includeStale !== 'false';
  const tripCostCents = query.tripCostCents ?? (await repo.findTripCostCents(app.db, userId));
  const maxStores = !query.maxStores || query.maxStores === 'any' ? null : Number(query.maxStores);
  const homeIds = await repo.findHomeStoreIds(app.db, userId);

  const requestedIds = query.storeIds ?? (homeIds.length > 0 ? homeIds : null);
  const stores = await repo.findStores(app.db, requestedIds);
  if (query.storeIds && stores.length !== new Set(query.storeIds).size) throw new HttpError(400, 'bad_request', 'Unknown store in storeIds');
  const toPlanStore = (s: repo.PlanStoreRow): TPlanStore => ({ ...s, isHome: homeIds.includes(s.id) });

  const items = await repo.findOpenItems(app.db, listId);
  // Free-text items and substitutes are matched against the whole catalogue; otherwise the linked products do.
  const needsCatalogue = items.some((item) => !item.productId || item.acceptsSubstitutes);
  const products = await repo.findProducts(app.db, needsCatalogue ? null : items.map((item) => item.productId!));
  const productById = new Map(products.map((p) => [p.id, p]));
  const offerProducts = new Map<string, OfferProduct>(products.map((p) => [p.id, { id: p.id, sizeValue: p.size_value, sizeUnit: p.size_unit }]));

  // Free-text items link to a product when the name is an unambiguous match.
  const linked = items.map((item) => {
    if (item.productId && productById.has(item.productId)) return { item, productId: item.productId };
    const match = matchProduct(item.name, null, products, []);
    return { item, productId: match && match.score >= AUTO_LINK_SCORE ? match.productId : null };
  });
  // A substitute is the same kind of product in another brand or size ("Oats 1 kg" for "Oats 500 g"). Categories
  // are too broad for this (bananas are not spinach), so names decide.
  const candidatesFor = (productId: string, item: repo.PlanListItem): string[] => {
    const linked = productById.get(productId);
    if (!item.acceptsSubstitutes || !linked) return [productId];
    return products.filter((p) => p.id === productId || scoreProductName(p.name, linked.name) >= SUBSTITUTE_SCORE).map((p) => p.id);
  };
  const candidatesByItem = new Map(linked.flatMap(({ item, productId }) => (productId ? [[item.id, candidatesFor(productId, item)] as const] : [])));
  const allCandidates = new Set([...candidatesByItem.values()].flat());
  const quotes = (await findLatestQuotes(app.db, { productIds: [...allCandidates], storeIds: stores.map((s) => s.id), onDate: today }))
    .filter((q) => includeStale || countDaysBetween(q.observedOn, today) <= staleDays)
    .map((q) => ({ productId: q.productId, storeId: q.storeId, priceCents: q.unitPriceCents, observedOn: q.observedOn, isDeal: q.isDeal }));

  const unpriced: TRecommendationPlan['unpriced'] = [];
  const priced: PricedItem[] = [];
  for (const { item, productId } of linked) {
    if (!productId) {
      unpriced.push({ itemId: item.id, name: item.name, reason: 'no-product' });
      continue;
    }
    const offers = findBestOffers(
      { quantity: item.quantity, unit: item.unit, referenceProductId: productId, candidateProductIds: candidatesByItem.get(item.id) ?? [productId] },
      offerProducts,
      quotes,
    );
    if (offers.size === 0) unpriced.push({ itemId: item.id, name: item.name, reason: 'no-price' });
    else priced.push({ item, offers });
  }

  const instance: SplitCartInstance = {
    format: 'splitcart/v1',
    K: maxStores,
    items: priced.map(({ item }) => ({ id: item.id, qty: item.quantity, penalty: UNBOUGHT_PENALTY_CENTS })),
    stores: stores.map((s) => ({ id: s.id, visitCost: tripCostCents })),
    offers: priced.flatMap(({ offers }, itemIndex) =>
      stores.flatMap((s, storeIndex) => {
        const offer = offers.get(s.id);
        return offer ? [[storeIndex, itemIndex, offer.unitPriceCents] as [number, number, number]] : [];
      }),
    ),
  };
  const started = performance.now();
  const result = await solver.solve(instance, { timeLimitMs: SOLVE_TIME_LIMIT_MS });
  const solverMs = Math.round((performance.now() - started) * 1000) / 1000;

  const stops: TPlanStop[] = [];
  let oldestPriceDays: number | null = null;
  if (result.isFeasible) {
    for (const storeIndex of result.storeIndices) {
      const store = stores[storeIndex]!;
      const lines: TPlanLine[] = [];
      priced.forEach(({ item, offers }, itemIndex) => {
        if (result.assignment[itemIndex] !== storeIndex) return;
        const offer = offers.get(store.id)!;
        const ageDays = Math.max(0, countDaysBetween(offer.quote.observedOn, today));
        oldestPriceDays = Math.max(oldestPriceDays ?? 0, ageDays);
        lines.push({
          itemId: item.id,
          name: item.name,
          quantity: item.quantity,
          unit: item.unit,
          productId: offer.productId,
          productName: productById.get(offer.productId)?.name ?? item.name,
          lineCents: roundLineCents(item.quantity, offer.unitPriceCents),
          packagePriceCents: offer.quote.priceCents,
          packageLabel: describePackage(productById.get(offer.productId)),
          isDeal: offer.quote.isDeal,
          observedOn: offer.quote.observedOn,
          ageDays,
          isStale: ageDays > staleDays,
        });
      });
      stops.push({ store: toPlanStore(store), lines, itemsCents: lines.reduce((sum, l) => sum + l.lineCents, 0), tripCostCents });
    }
    priced.forEach(({ item }, itemIndex) => {
      if (result.assignment[itemIndex] === null) unpriced.push({ itemId: item.id, name: item.name, reason: 'no-price' });
    });
  }

  const compareStore = (store: repo.PlanStoreRow): TStoreComparison => {
    let totalCents = tripCostCents;
    let missingCount = 0;
    for (const { item, offers } of priced) {
      const offer = offers.get(store.id);
      if (offer) totalCents += roundLineCents(item.quantity, offer.unitPriceCents);
      else missingCount += 1;
    }
    return { store: toPlanStore(store), totalCents, missingCount };
  };
  const comparisons = stores.map(compareStore).sort((a, b) => a.missingCount - b.missingCount || a.totalCents - b.totalCents);
  const bestSingleStore = priced.length > 0 ? (comparisons[0] ?? null) : null;
  const usualId = (await repo.findUsualStoreId(app.db, userId, subtractDays(new Date(), 183))) ?? homeIds[0] ?? null;
  const usualStore = priced.length > 0 ? (comparisons.find((c) => c.store.id === usualId) ?? null) : null;
  const itemsCents = stops.reduce((sum, s) => sum + s.itemsCents, 0);
  const tripCostsCents = stops.length * tripCostCents;
  const totalCents = itemsCents + tripCostsCents;
  const savingAgainst = (c: TStoreComparison | null) => (c && c.missingCount === 0 && result.isFeasible ? c.totalCents - totalCents : null);

  const isProven = !result.isFeasible || result.isProven;
  const proofGapCents = result.isFeasible ? result.objective - result.lowerBound : 0;
  const context = { listId, items: priced.length, stores: stores.length, solverMs, nodes: result.isFeasible ? result.nodes : 0 };
  if (isProven) app.log.debug(context, 'split-cart plan');
  else app.log.warn({ ...context, proofGapCents }, 'split-cart plan not proven cheapest within the time limit');
  return {
    listId: list.id,
    listName: list.name,
    date: today,
    candidateStores: stores.map(toPlanStore),
    tripCostCents,
    maxStores,
    staleDays,
    includeStale,
    isFeasible: result.isFeasible,
    stops,
    itemsCents,
    tripCostsCents,
    totalCents,
    bestSingleStore,
    usualStore,
    savingsVsBestSingleCents: savingAgainst(bestSingleStore),
    savingsVsUsualCents: savingAgainst(usualStore),
    unpriced,
    oldestPriceDays,
    solverMs,
    isProven,
    proofGapCents,
  };
}
