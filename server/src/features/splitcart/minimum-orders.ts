import { roundLineCents, type SplitCartInstance, type SplitCartResult } from '@cartwise/optimizer';
import type { PlanInputs } from './plan-inputs';
import type { PricedItem } from './plan-pricing';
import type { SolverThread } from './solver-thread';

/** Up to this many stores with a minimum order, every choice of which of them may be used is solved (2^n solves). */
const MAX_ENUMERATED_STORES = 4;

/** Each store index's bought total in a result, from the instance's unit prices. */
function sumByStore(instance: SplitCartInstance, result: SplitCartResult): Map<number, number> {
  const totals = new Map<number, number>();
  if (!result.isFeasible) return totals;
  const prices = new Map(instance.offers.map(([store, item, price]) => [`${store}:${item}`, price]));
  result.assignment.forEach((store, item) => {
    if (store === null) return;
    const line = roundLineCents(instance.items[item]!.qty, prices.get(`${store}:${item}`) ?? 0);
    totals.set(store, (totals.get(store) ?? 0) + line);
  });
  return totals;
}

function withoutStores(instance: SplitCartInstance, excluded: ReadonlySet<number>): SplitCartInstance {
  return excluded.size === 0 ? instance : { ...instance, offers: instance.offers.filter(([store]) => !excluded.has(store)) };
}

function toSubsets<T>(values: readonly T[]): T[][] {
  return values.reduce<T[][]>((subsets, value) => [...subsets, ...subsets.map((subset) => [...subset, value])], [[]]);
}

/**
 * The cheapest plan that never buys below a store's minimum order. Stores without a minimum are always allowed;
 * for the stores with one, each choice of which may be used is solved (with few such stores, usually online ones)
 * and a solution counts only when every used store reaches its minimum; the cheapest wins. With more such stores,
 * stores left below their minimum are dropped one by one, most short first, until none is. The minimum is met by
 * the items the plan buys there at their prices: the solver does not buy extra to reach it.
 */
export async function solveWithMinimumOrders(
  solver: SolverThread,
  instance: SplitCartInstance,
  inputs: PlanInputs,
  priced: readonly PricedItem[],
  timeLimitMs: number,
): Promise<SplitCartResult> {
  const minimumOf = (index: number) => inputs.stores[index]?.minOrderCents ?? 0;
  const limited = inputs.stores.flatMap((store, index) => (store.minOrderCents ? [index] : []));
  const solve = (excluded: ReadonlySet<number>) => solver.solve(withoutStores(instance, excluded), { timeLimitMs });
  if (limited.length === 0 || priced.length === 0) return solve(new Set());
  const shortfalls = (result: SplitCartResult) => {
    const totals = sumByStore(instance, result);
    return result.isFeasible
      ? result.storeIndices
          .filter((store) => (totals.get(store) ?? 0) < minimumOf(store))
          .map((store) => ({ store, short: minimumOf(store) - (totals.get(store) ?? 0) }))
      : [];
  };

  if (limited.length > MAX_ENUMERATED_STORES) {
    const excluded = new Set<number>();
    for (;;) {
      const result = await solve(excluded);
      const short = shortfalls(result).sort((a, b) => b.short - a.short);
      if (short.length === 0) return result;
      excluded.add(short[0]!.store);
    }
  }

  let best: SplitCartResult | null = null;
  let isEveryProven = true;
  let fallback: SplitCartResult | null = null;
  for (const allowed of toSubsets(limited)) {
    const excluded = new Set(limited.filter((store) => !allowed.includes(store)));
    const result = await solve(excluded);
    if (allowed.length === 0) fallback = result;
    if (!result.isFeasible || shortfalls(result).length > 0) continue;
    isEveryProven &&= result.isProven;
    if (!best?.isFeasible || result.objective < best.objective) best = result;
  }
  if (!best?.isFeasible) return fallback!;
  return {
    ...best,
    isProven: best.isProven && isEveryProven,
    lowerBound: best.isProven && isEveryProven ? best.objective : best.lowerBound,
  };
}
