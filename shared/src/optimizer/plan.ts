import { z } from 'zod';
import { solveSplitCart } from './solve';
import { roundLineCents, type SplitCartInstance } from './types';
import { ZQuantityUnit, toBaseAmount } from './units';

export const ZPlanItem = z.object({
  id: z.string(),
  /** How much is wanted, in `unit` (default 'each': a number of packages/pieces). */
  quantity: z.number().positive().finite(),
  unit: ZQuantityUnit.default('each'),
  /**
   * Optional items may be left out at `skipCostCents` for the whole line (default: one cent more than
   * its dearest known price, i.e. bought if a chosen store has it but never worth a trip by itself).
   */
  isOptional: z.boolean().default(false),
  skipCostCents: z.number().int().nonnegative().nullable().default(null),
});

export const ZPlanStore = z.object({
  id: z.string(),
  visitCostCents: z.number().int().nonnegative(),
});

export const ZPriceBookOffer = z.object({
  storeId: z.string(),
  itemId: z.string(),
  /** Shelf price of one package (or one piece / one unit when no package size is given). */
  priceCents: z.number().int().nonnegative(),
  packageSize: z.number().positive().finite().default(1),
  packageUnit: ZQuantityUnit.default('each'),
});

export const ZSplitCartPlanInput = z.object({
  items: z.array(ZPlanItem),
  stores: z.array(ZPlanStore),
  offers: z.array(ZPriceBookOffer),
  /** Most stores the shopper will visit; null = no limit. */
  maxStores: z.number().int().positive().nullable().default(null),
});

export type PlanItem = z.input<typeof ZPlanItem>;
export type PlanStore = z.input<typeof ZPlanStore>;
export type PriceBookOffer = z.input<typeof ZPriceBookOffer>;
export type SplitCartPlanInput = z.input<typeof ZSplitCartPlanInput>;

export interface PlannedLine {
  itemId: string;
  /** round(quantity in base units * price per base unit), the same rounding the optimiser uses. */
  lineCents: number;
  /** The offer's package price and size, for display. */
  priceCents: number;
  packageSize: number;
  packageUnit: string;
}

export interface PlannedStop {
  storeId: string;
  visitCostCents: number;
  lines: PlannedLine[];
  subtotalCents: number;
}

export type NotFoundReason = 'no-known-price' | 'store-limit' | 'skipped-optional';

export interface SplitCartPlan {
  stops: PlannedStop[];
  /** What the shopper pays: visit costs + bought lines. */
  totalCents: number;
  /** Optimised objective: total + skip costs of optional items left out. */
  objectiveCents: number;
  notFound: { itemId: string; reason: NotFoundReason }[];
  bestSingleStore: { storeId: string; totalCents: number; objectiveCents: number; missingItemIds: string[] } | null;
  /** Best single store's objective minus this plan's; null when that store misses items the plan buys. */
  savingsCents: number | null;
}

interface BuiltInstance {
  instance: SplitCartInstance;
  /** Per instance item: the list item index. */
  itemIndex: number[];
  /** Per instance offer: the price-book offer it came from. */
  offerSource: Map<string, z.output<typeof ZPriceBookOffer>>;
  unpriced: string[];
}

/**
 * Prices every offer per base unit (g, ml or piece), so "500 g for 2.00" and "1 kg for 3.50" compare
 * for an item wanting 1 kg; offers in another dimension than the item are ignored. Required items get
 * a skip cost above any possible spend, which makes the optimiser cover as many of them as the store
 * limit allows before it looks at prices (a lexicographic objective, still solved exactly).
 */
function buildInstance(input: z.output<typeof ZSplitCartPlanInput>): BuiltInstance {
  const storeIndex = new Map(input.stores.map((store, s) => [store.id, s]));
  const wanted = input.items.map((item) => toBaseAmount(item.quantity, item.unit));
  const listIndex = new Map(input.items.map((item, j) => [item.id, j]));
  const perItem = input.items.map(() => [] as { s: number; unitPrice: number; offer: z.output<typeof ZPriceBookOffer> }[]);
  for (const offer of input.offers) {
    const s = storeIndex.get(offer.storeId);
    const j = listIndex.get(offer.itemId);
    if (s === undefined || j === undefined) continue;
    const pack = toBaseAmount(offer.packageSize, offer.packageUnit);
    if (pack.dimension !== wanted[j]!.dimension) continue;
    perItem[j]!.push({ s, unitPrice: offer.priceCents / pack.amount, offer });
  }
  let bigM = 1;
  for (const store of input.stores) bigM += store.visitCostCents;
  perItem.forEach((offers, j) => {
    bigM += Math.max(0, ...offers.map((o) => roundLineCents(wanted[j]!.amount, o.unitPrice)));
  });
  const itemIndex: number[] = [];
  const unpriced: string[] = [];
  const items: SplitCartInstance['items'] = [];
  const offers: SplitCartInstance['offers'] = [];
  const offerSource = new Map<string, z.output<typeof ZPriceBookOffer>>();
  input.items.forEach((item, j) => {
    if (perItem[j]!.length === 0) {
      unpriced.push(item.id);
      return;
    }
    const qty = wanted[j]!.amount;
    // An optional item without a stated skip cost is bought whenever a chosen store has it, but
    // never justifies a trip on its own.
    const dearest = Math.max(...perItem[j]!.map((o) => roundLineCents(qty, o.unitPrice)));
    const skipLine = item.isOptional ? item.skipCostCents ?? dearest + 1 : bigM;
    const k = items.length;
    items.push({ id: item.id, qty, penalty: skipLine / qty });
    itemIndex.push(j);
    for (const { s, unitPrice, offer } of perItem[j]!) {
      offers.push([s, k, unitPrice]);
      const key = `${s}:${k}`;
      const known = offerSource.get(key);
      if (!known || unitPrice < known.priceCents / toBaseAmount(known.packageSize, known.packageUnit).amount) offerSource.set(key, offer);
    }
  });
  const stores = input.stores.map((store) => ({ id: store.id, visitCost: store.visitCostCents }));
  return { instance: { format: 'splitcart/v1', K: input.maxStores, items, stores, offers }, itemIndex, offerSource, unpriced };
}

interface Outcome {
  storeIndices: number[];
  assignment: (number | null)[];
}

function solveOutcome(instance: SplitCartInstance): Outcome {
  const result = solveSplitCart(instance);
  // Every item carries a skip cost, so the instance is always feasible; keep a safe fallback anyway.
  return result.isFeasible ? result : { storeIndices: [], assignment: instance.items.map(() => null) };
}

function describeOutcome(input: z.output<typeof ZSplitCartPlanInput>, built: BuiltInstance, outcome: Outcome) {
  const { instance } = built;
  const stops = new Map<number, PlannedStop>();
  const notFound: SplitCartPlan['notFound'] = built.unpriced.map((itemId) => ({ itemId, reason: 'no-known-price' }));
  let skipCents = 0;
  outcome.assignment.forEach((s, k) => {
    const item = input.items[built.itemIndex[k]!]!;
    if (s === null) {
      notFound.push({ itemId: item.id, reason: item.isOptional ? 'skipped-optional' : 'store-limit' });
      if (item.isOptional) skipCents += roundLineCents(instance.items[k]!.qty, instance.items[k]!.penalty ?? 0);
      return;
    }
    const offer = built.offerSource.get(`${s}:${k}`)!;
    const unitPrice = offer.priceCents / toBaseAmount(offer.packageSize, offer.packageUnit).amount;
    const store = input.stores[s]!;
    const stop = stops.get(s) ?? { storeId: store.id, visitCostCents: store.visitCostCents, lines: [], subtotalCents: 0 };
    const lineCents = roundLineCents(instance.items[k]!.qty, unitPrice);
    stop.lines.push({ itemId: item.id, lineCents, priceCents: offer.priceCents, packageSize: offer.packageSize, packageUnit: offer.packageUnit });
    stop.subtotalCents += lineCents;
    stops.set(s, stop);
  });
  const ordered = [...stops.entries()].sort(([a], [b]) => a - b).map(([, stop]) => stop);
  const totalCents = ordered.reduce((sum, stop) => sum + stop.visitCostCents + stop.subtotalCents, 0);
  return { stops: ordered, totalCents, objectiveCents: totalCents + skipCents, notFound };
}

/**
 * Builds the optimiser instance from a shopping list, stores and a price book (normalising package
 * sizes to a price per g / ml / piece), solves it exactly and returns the plan: stops with their
 * lines, totals, items without a known price, and the saving against the best single store.
 * Pure: no I/O, deterministic for a given input.
 */
export function planSplitCart(rawInput: SplitCartPlanInput): SplitCartPlan {
  const input = ZSplitCartPlanInput.parse(rawInput);
  const built = buildInstance(input);
  const plan = describeOutcome(input, built, solveOutcome(built.instance));
  const single = describeOutcome(input, built, solveOutcome({ ...built.instance, K: 1 }));
  const singleStop = single.stops[0];
  const planBought = new Set(plan.stops.flatMap((stop) => stop.lines.map((line) => line.itemId)));
  const singleBought = new Set(singleStop?.lines.map((line) => line.itemId) ?? []);
  const missingItemIds = [...planBought].filter((id) => !singleBought.has(id));
  return {
    ...plan,
    bestSingleStore: singleStop
      ? { storeId: singleStop.storeId, totalCents: single.totalCents, objectiveCents: single.objectiveCents, missingItemIds }
      : null,
    savingsCents: singleStop && missingItemIds.length === 0 ? single.objectiveCents - plan.objectiveCents : null,
  };
}
