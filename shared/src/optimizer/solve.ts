import { prepareProblem } from './prepare';
import { SplitCartSearch } from './search';
import { roundLineCents, type SplitCartInstance, type SplitCartResult } from './types';

/**
 * Exact split-cart optimiser: minimises visit costs + sum of round(qty * unit price) over bought
 * items + round(qty * penalty) over unbought ones, opening at most K stores. Pure and synchronous.
 */
export function solveSplitCart(instance: SplitCartInstance): SplitCartResult {
  const prepared = prepareProblem(instance);
  if (!prepared.isFeasible) {
    return { isFeasible: false, reason: 'no-candidate-store', missingItemIndices: prepared.missingItemIndices };
  }
  const { problem } = prepared;
  const search = new SplitCartSearch(problem);
  search.run();
  if (search.bestCost === Infinity) return { isFeasible: false, reason: 'store-limit', missingItemIndices: [] };
  const open = search.bestSet.map((s) => problem.storeMap[s]!);
  const { assignment, objective, used } = assignItems(instance, open);
  return { isFeasible: true, objective, storeIndices: used, assignment, nodes: search.nodes };
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
  const isOpen = new Set(openStores);
  const best = instance.items.map(() => ({ cost: Infinity, store: -1 }));
  for (const [s, j, price] of instance.offers) {
    if (!isOpen.has(s)) continue;
    const line = roundLineCents(instance.items[j]!.qty, price);
    const slot = best[j]!;
    if (line < slot.cost || (line === slot.cost && s < slot.store)) Object.assign(slot, { cost: line, store: s });
  }
  let objective = 0;
  const usedSet = new Set<number>();
  const assignment = instance.items.map((item, j) => {
    const slot = best[j]!;
    const penalty = item.penalty === null ? Infinity : roundLineCents(item.qty, item.penalty);
    if (penalty < slot.cost || slot.store < 0) {
      // An unbought must-buy item makes the set infeasible: its penalty is Infinity.
      objective += penalty;
      return null;
    }
    objective += slot.cost;
    usedSet.add(slot.store);
    return slot.store;
  });
  const used = [...usedSet].sort((a, b) => a - b);
  for (const s of used) objective += instance.stores[s]!.visitCost;
  return { assignment, objective, used };
}
