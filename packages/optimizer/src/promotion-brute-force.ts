import { priceStorePart } from '@cartwise/contracts/domain/promotions';
import { roundLineCents, type SplitCartInstance } from './types';

/** An assignment's total priced straight from the instance, every promotion handed to the domain rules. */
export function priceAssignmentDirectly(instance: SplitCartInstance, assignment: readonly (number | null)[]): number {
  let total = 0;
  const byStore = new Map<number, number[]>();
  assignment.forEach((s, j) => {
    const item = instance.items[j]!;
    if (s === null) total += item.penalty === null ? Infinity : roundLineCents(item.qty, item.penalty);
    else byStore.set(s, [...(byStore.get(s) ?? []), j]);
  });
  for (const [s, items] of byStore) {
    const promotions = (instance.promotions ?? []).filter((promotion) => promotion.store === s);
    const lines = items.map((j) => {
      const prices = instance.offers.filter(([os, oj]) => os === s && oj === j).map(([, , price]) => price);
      return {
        qty: instance.items[j]!.qty,
        unitPriceCents: Math.min(...prices),
        promotionIndices: promotions.flatMap((promotion, index) => (promotion.items.includes(j) ? [index] : [])),
      };
    });
    total += instance.stores[s]!.visitCost + priceStorePart(lines, promotions).totalCents;
  }
  return total;
}

/**
 * Reference optimum with promotions by trying every assignment of every item to one of its stores or to
 * nothing ((stores + 1)^items work: tests only). Null when no assignment buys every must-buy item within K.
 */
export function solveByAssignmentBruteForce(instance: SplitCartInstance): number | null {
  const options = instance.items.map((item, j) => {
    const stores = instance.stores.flatMap((_, s) => (instance.offers.some(([os, oj]) => os === s && oj === j) ? [s] : []));
    return item.penalty === null ? stores : [...stores, null];
  });
  if (options.reduce((product, list) => product * list.length, 1) > 200_000) throw new Error('brute force is limited to 200k assignments');
  const limit = instance.K ?? instance.stores.length;
  const assignment = new Array<number | null>(instance.items.length).fill(null);
  let best = Infinity;
  const visit = (j: number) => {
    if (j === instance.items.length) {
      if (new Set(assignment.filter((s) => s !== null)).size <= limit) best = Math.min(best, priceAssignmentDirectly(instance, assignment));
      return;
    }
    for (const choice of options[j]!) {
      assignment[j] = choice;
      visit(j + 1);
    }
  };
  visit(0);
  return best === Infinity ? null : best;
}
