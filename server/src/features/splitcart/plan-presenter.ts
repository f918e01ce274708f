import type {
  TPlanAlternative,
  TPlanGroupSuggestion,
  TPlanLine,
  TPlanStop,
  TRecommendationPlan,
  TStoreComparison,
} from '@cartwise/contracts';
import { toComparedUnitPrice } from '@cartwise/contracts/domain/generic-items';
import { findGroupCompletions } from '@cartwise/contracts/domain/promotions';
import { convertToBaseUnit, normaliseUnit } from '@cartwise/contracts/domain/sizes';
import { roundLineCents, type SplitCartResult } from '@cartwise/optimizer';
import { toPlanStore, type PlanInputs } from './plan-inputs';
import type { PricedItem, PricedList } from './plan-pricing';
import { priceStoreItems } from './plan-promotions';
import type * as repo from './recommendations.repo';
import { countDaysBetween } from '@cartwise/contracts';

/** A generic item's compared price: the package's shelf price per kg, L or item, in whole cents. */
function compareUnitPrice(priceCents: number, product: { size_value: number | null; size_unit: string | null } | undefined) {
  const unit = product?.size_unit ? normaliseUnit(product.size_unit) : null;
  if (!unit || !product?.size_value) return null;
  const compared = toComparedUnitPrice(priceCents, convertToBaseUnit({ amount: product.size_value, unit }));
  return compared ? { cents: Math.round(compared.cents), per: compared.per } : null;
}

function describePackage(product: { size_value: number | null; size_unit: string | null } | undefined): string | null {
  if (!product?.size_value || !product.size_unit) return null;
  return `${product.size_value} ${product.size_unit}`;
}

/** The item at the plan's other stops, cheapest first: where shop mode sends it when a store does not have it. */
function findAlternatives(
  inputs: PlanInputs,
  pricing: PricedList,
  { item, offers }: PricedItem,
  stopIndices: readonly number[],
  plannedIndex: number,
): TPlanAlternative[] {
  const alternatives: TPlanAlternative[] = [];
  for (const storeIndex of stopIndices) {
    const store = inputs.stores[storeIndex]!;
    const offer = offers.get(store.id);
    if (storeIndex === plannedIndex || !offer) continue;
    alternatives.push({
      storeId: store.id,
      productId: offer.productId,
      productName: pricing.productById.get(offer.productId)?.name ?? item.name,
      lineCents: roundLineCents(item.quantity, offer.unitPriceCents),
      packagePriceCents: offer.quote.priceCents,
      isDeal: offer.quote.isDeal,
    });
  }
  // Array.prototype.sort is stable, so equal prices keep the plan's stop order.
  return alternatives.sort((a, b) => a.lineCents - b.lineCents);
}

/** The solver's assignment as the shopper reads it: one stop per store with its lines, in the solver's store order. */
export function buildStops(
  inputs: PlanInputs,
  pricing: PricedList,
  result: SplitCartResult,
): { stops: TPlanStop[]; oldestPriceDays: number | null } {
  const { stores, homeIds, today, staleDays } = inputs;
  const stops: TPlanStop[] = [];
  let oldestPriceDays: number | null = null;
  if (!result.isFeasible) return { stops, oldestPriceDays };
  for (const storeIndex of result.storeIndices) {
    const store = stores[storeIndex]!;
    const itemIndices = pricing.priced.flatMap((_, itemIndex) => (result.assignment[itemIndex] === storeIndex ? [itemIndex] : []));
    // Priced as the solver priced the stop: shelf prices less what the store's promotions save on them.
    const { part, lines: partLines, promotions } = priceStoreItems(inputs, pricing.priced, pricing.promotions, storeIndex, itemIndices);
    const lines: TPlanLine[] = itemIndices.map((itemIndex, k) => {
      const priced = pricing.priced[itemIndex]!;
      const { item, offers } = priced;
      const offer = offers.get(store.id)!;
      const product = pricing.productById.get(offer.productId);
      const ageDays = Math.max(0, countDaysBetween(offer.quote.observedOn, today));
      oldestPriceDays = Math.max(oldestPriceDays ?? 0, ageDays);
      const pricedLine = part.lines[k]!;
      const promotion = pricedLine.promotionIndex === null ? null : promotions[pricedLine.promotionIndex]!;
      return {
        itemId: item.id,
        name: item.name,
        quantity: item.quantity,
        unit: item.unit,
        productId: offer.productId,
        productName: product?.name ?? item.name,
        lineCents: pricedLine.costCents,
        packagePriceCents: offer.quote.priceCents,
        packageLabel: describePackage(product),
        isDeal: offer.quote.isDeal,
        observedOn: offer.quote.observedOn,
        ageDays,
        isStale: ageDays > staleDays,
        category: item.category ?? product?.category ?? null,
        alternatives: findAlternatives(inputs, pricing, priced, result.storeIndices, storeIndex),
        promotion: promotion ? { id: promotion.id, description: promotion.description } : null,
        promotionSavedCents: pricedLine.savedCents,
        packs: offer.packs ?? null,
        comparedUnitPrice: offer.packs ? compareUnitPrice(offer.quote.priceCents, product) : null,
      };
    });
    const suggestions: TPlanGroupSuggestion[] = findGroupCompletions(
      partLines,
      promotions.map((promotion) => promotion.rule),
    ).map((completion) => {
      const line = lines[completion.lineIndex]!;
      const promotion = promotions[completion.promotionIndex]!;
      return {
        itemId: line.itemId,
        productName: line.productName,
        promotion: { id: promotion.id, description: promotion.description },
        addUnits: completion.addUnits,
        savesCents: completion.savesCents,
      };
    });
    stops.push({
      store: toPlanStore(store, homeIds),
      lines,
      itemsCents: part.totalCents,
      tripCostCents: store.tripCostCents,
      promotionSavingsCents: part.savedCents,
      suggestions,
    });
  }
  pricing.priced.forEach(({ item }, itemIndex) => {
    if (result.assignment[itemIndex] === null) pricing.unpriced.push({ itemId: item.id, name: item.name, reason: 'no-price' });
  });
  return { stops, oldestPriceDays };
}

/**
 * What buying every priced item at one store would cost, trip and that store's promotions included; stores missing
 * fewer items sort first. A store whose minimum order these items do not reach is no single-store option.
 */
export function compareSingleStores(inputs: PlanInputs, pricing: PricedList): TStoreComparison[] {
  const compare = (store: repo.PlanStoreRow, storeIndex: number): TStoreComparison & { itemsCents: number } => {
    const sold = pricing.priced.flatMap(({ offers }, itemIndex) => (offers.has(store.id) ? [itemIndex] : []));
    const itemsCents = priceStoreItems(inputs, pricing.priced, pricing.promotions, storeIndex, sold).part.totalCents;
    const missingCount = pricing.priced.length - sold.length;
    return { store: toPlanStore(store, inputs.homeIds), totalCents: itemsCents + store.tripCostCents, missingCount, itemsCents };
  };
  return inputs.stores
    .map(compare)
    .filter((comparison) => comparison.itemsCents >= (comparison.store.minOrderCents ?? 0))
    .map(({ itemsCents: _itemsCents, ...comparison }) => comparison)
    .sort((a, b) => a.missingCount - b.missingCount || a.totalCents - b.totalCents);
}

/** The plan as the API returns it: stops, totals, savings against the best single store and the usual one, proof. */
export function presentPlan(
  inputs: PlanInputs,
  pricing: PricedList,
  result: SplitCartResult,
  usualStoreId: string | null,
  solverMs: number,
): TRecommendationPlan {
  const { stops, oldestPriceDays } = buildStops(inputs, pricing, result);
  const hasPricedItems = pricing.priced.length > 0;
  const comparisons = compareSingleStores(inputs, pricing);
  const bestSingleStore = hasPricedItems ? (comparisons[0] ?? null) : null;
  const usualStore = hasPricedItems ? (comparisons.find((c) => c.store.id === usualStoreId) ?? null) : null;
  const itemsCents = stops.reduce((sum, s) => sum + s.itemsCents, 0);
  const tripCostsCents = stops.reduce((sum, stop) => sum + stop.tripCostCents, 0);
  const totalCents = itemsCents + tripCostsCents;
  const savingAgainst = (c: TStoreComparison | null) => (c && c.missingCount === 0 && result.isFeasible ? c.totalCents - totalCents : null);
  return {
    listId: inputs.list.id,
    listName: inputs.list.name,
    date: inputs.today,
    currency: inputs.currency,
    candidateStores: inputs.stores.map((store) => toPlanStore(store, inputs.homeIds)),
    tripCostCents: inputs.tripCostCents,
    maxStores: inputs.maxStores,
    staleDays: inputs.staleDays,
    includeStale: inputs.includeStale,
    isFeasible: result.isFeasible,
    stops,
    itemsCents,
    tripCostsCents,
    totalCents,
    bestSingleStore,
    usualStore,
    savingsVsBestSingleCents: savingAgainst(bestSingleStore),
    savingsVsUsualCents: savingAgainst(usualStore),
    unpriced: pricing.unpriced,
    oldestPriceDays,
    solverMs,
    isProven: !result.isFeasible || result.isProven,
    proofGapCents: result.isFeasible ? result.objective - result.lowerBound : 0,
  };
}
