import { prepareProblem } from './prepare';
import { SplitCartSearch } from './search';
import { roundLineCents, type SplitCartInstance, type SplitCartResult } from './types';

/**
 * The promotion-free exact optimiser (promotions, if any, are ignored): minimises visit costs + sum of round(qty * unit price) over bought
 * items + round(qty * penalty) over unbought ones, opening at most K stores. Pure and synchronous.
 */
export function solvePlainSplitCart(instance: SplitCartInstance, options: SolveOptions = {}): SplitCartResult {
  const prepared = prepareProblem(instance);
  if (!prepared.isFeasible) {
    return { isFeasible: false, reason: 'no-candidate-store', missingItemIndices: prepared.missingItemIndices };
  }
  const { problem } = prepared;
  const search = new SplitCartSearch(problem);
  search.run(options.timeLimitMs === undefined ? Infinity : performance.now() + options.timeLimitMs);
  if (search.bestCost === Infinity) return { isFeasible: false, reason: 'store-limit', missingItemIndices: [] };
  const open = search.bestSet.map((s) => problem.storeMap[s]!);
  const { assignment, objective, used } = assignItems(instance, open);
  // Bounds are sums of cents and dual prices: any plan costs a whole number of cents at least the bound.
  const lowerBound = search.isStopped ? Math.min(objective, Math.ceil(search.rootBound + problem.constant - 1e-6)) : objective;
  return { isFeasible: true, objective, storeIndices: used, assignment, nodes: search.nodes, isProven: !search.isStopped, lowerBound };
}

export interface SolveOptions {
  /**
   * Stop the branch and bound after about this long and return the best plan found, marked unproven,
   * with the root's lower bound. Without it the search runs to a proven optimum however long that takes
   * (the CLI and the bench). Lists with a store limit of 5 or less are enumerated and never stopped.
   */
  timeLimitMs?: number;
}

/**
 * Buys each item at its cheapest open store (lowest index on ties) unless its penalty is strictly
 * cheaper, then recomputes the objective from scratch in original terms so the reported total never
 * depends on the solver's reduced problem. Stores left with no item are dropped from the answer.
 */
export function assignItems(
  instance: SplitCartInstance,
  openStores: readonly number[],
): { assignment: (number | null)[]; objective: number; used: number[] } {
  const isOpen = new Uint8Array(instance.stores.length);
  for (const s of openStores) isOpen[s] = 1;
  const bestCost = new Float64Array(instance.items.length).fill(Infinity);
  const bestStore = new Int32Array(instance.items.length).fill(-1);
  const { offers, items } = instance;
  for (let q = 0; q < offers.length; q++) {
    const offer = offers[q]!;
    const s = offer[0];
    if (!isOpen[s]) continue;
    const j = offer[1];
    const line = roundLineCents(items[j]!.qty, offer[2]);
    if (line < bestCost[j]! || (line === bestCost[j]! && s < bestStore[j]!)) {
      bestCost[j] = line;
      bestStore[j] = s;
    }
  }
  let objective = 0;
  const usedSet = new Set<number>();
  const assignment = items.map((item, j) => {
    const cost = bestCost[j]!;
    const store = bestStore[j]!;
    const penalty = item.penalty === null ? Infinity : roundLineCents(item.qty, item.penalty);
    if (penalty < cost || store < 0) {
      // An unbought must-buy item makes the set infeasible: its penalty is Infinity.
      objective += penalty;
      return null;
    }
    objective += cost;
    usedSet.add(store);
    return store;
  });
  const used = [...usedSet].sort((a, b) => a - b);
  for (const s of used) objective += instance.stores[s]!.visitCost;
  return { assignment, objective, used };
}
