import { priceStorePart } from '@cartwise/contracts/domain/promotions';
import { boundLineCents, buildPartLines, improveAssignment, priceAssignment, type PromotionModel } from './promotion-model';
import { solvePlainSplitCart as solvePlain } from './solve-plain';
import { roundLineCents, type SplitCartInstance, type SplitCartResult } from './types';

/**
 * Exact split-cart with promotions: a branch and bound over "is item j bought at store s", whose node
 * bound is the promotion-free optimiser run on optimistic prices. At a node, each offer a live promotion
 * covers costs the least that promotion could make it cost (every unit in a complete group, the minimum
 * purchase reached), which no plan consistent with the node's decisions can beat; once every offer that a
 * store's promotions touch is decided, that store's forced lines are priced exactly. The node's plan is
 * priced exactly (and improved by moving single items) for an incumbent; where its exact price exceeds its
 * bound, the offer with the largest difference is branched on: forbidden there, or bought there.
 */
interface Node {
  /** key s * nItems + j -> 1 bought there, 0 not bought there. */
  decisions: Map<number, 0 | 1>;
  bound: number;
}

/** Offers whose price depends on the rest of their store's part. */
function isInteracting(model: PromotionModel, key: number): boolean {
  return model.covering.has(key) || model.hasMinPurchase[Math.floor(key / model.nItems)]!;
}

function forcedStoreOf(decisions: Map<number, 0 | 1>, nItems: number): Map<number, number> {
  const forced = new Map<number, number>();
  for (const [key, value] of decisions) if (value === 1) forced.set(key % nItems, Math.floor(key / nItems));
  return forced;
}

/** The promotion-free instance whose optimum bounds every plan consistent with the node's decisions. */
function buildNodeInstance(model: PromotionModel, decisions: Map<number, 0 | 1>): SplitCartInstance {
  const { instance, nItems } = model;
  const forced = forcedStoreOf(decisions, nItems);
  const isAllowed = (s: number, j: number) => decisions.get(s * nItems + j) !== 0 && (forced.get(j) ?? s) === s;
  // A promotion is still possible at a node if its members not excluded there can fill a group / reach the minimum.
  const isPossible = model.live.map((promotion) => {
    const s = promotion.store;
    if (promotion.rule.minPurchaseCents !== null) {
      let ceiling = 0;
      for (let j = 0; j < nItems; j++) {
        const price = model.shelf.get(s * nItems + j);
        if (price !== undefined && isAllowed(s, j)) ceiling += roundLineCents(instance.items[j]!.qty, price);
      }
      if (ceiling < promotion.rule.minPurchaseCents) return false;
    }
    const units = promotion.members.reduce((sum, j) => sum + (isAllowed(s, j) ? instance.items[j]!.qty : 0), 0);
    return units >= promotion.rule.minQuantity;
  });
  // Stores whose interacting offers are all decided: their forced lines get their exact shares.
  const exactCost = new Map<number, number>();
  for (let s = 0; s < instance.stores.length; s++) {
    if (model.liveAt[s]!.length === 0) continue;
    let isDecided = true;
    const forcedHere: number[] = [];
    for (const key of model.hasMinPurchase[s] ? model.shelf.keys() : model.covering.keys()) {
      if (Math.floor(key / nItems) !== s) continue;
      const decision = decisions.get(key);
      const j = key - s * nItems;
      if (decision === undefined && isAllowed(s, j)) {
        isDecided = false;
        break;
      }
      if (decision === 1) forcedHere.push(j);
    }
    if (!isDecided) continue;
    const { lines, rules } = buildPartLines(model, s, forcedHere);
    priceStorePart(lines, rules).lines.forEach((line, index) => exactCost.set(s * nItems + forcedHere[index]!, line.costCents));
  }
  const offers: [number, number, number][] = [];
  for (const [key, price] of model.shelf) {
    const s = Math.floor(key / nItems);
    const j = key - s * nItems;
    if (!isAllowed(s, j)) continue;
    const qty = instance.items[j]!.qty;
    let line = exactCost.get(key);
    if (line === undefined) {
      line = roundLineCents(qty, price);
      for (const index of model.covering.get(key) ?? []) {
        if (isPossible[index]) line = Math.min(line, boundLineCents(qty, price, model.live[index]!.rule));
      }
    }
    offers.push([s, j, line / qty]);
  }
  const items = instance.items.map((item, j) => (forced.has(j) ? { ...item, penalty: null } : item));
  return { format: 'splitcart/v1', K: instance.K, items, stores: instance.stores, offers };
}

/** Line cost the node instance charged, per item of its plan. */
function chargedLines(nodeInstance: SplitCartInstance, assignment: readonly (number | null)[], nItems: number): Map<number, number> {
  const charged = new Map<number, number>();
  for (const [s, j, unit] of nodeInstance.offers) {
    if (assignment[j] !== s) continue;
    const key = s * nItems + j;
    const line = roundLineCents(nodeInstance.items[j]!.qty, unit);
    if (line < (charged.get(key) ?? Infinity)) charged.set(key, line);
  }
  return charged;
}

/** The undecided interacting offer to branch on: the plan's line furthest above its charge, else any at that store. */
function chooseBranchKey(
  model: PromotionModel,
  decisions: Map<number, 0 | 1>,
  assignment: readonly (number | null)[],
  charged: Map<number, number>,
): number | null {
  const { nItems } = model;
  const byStore = new Map<number, number[]>();
  assignment.forEach((s, j) => {
    if (s !== null) byStore.set(s, [...(byStore.get(s) ?? []), j]);
  });
  let bestKey: number | null = null;
  let bestGap = 0;
  let fallback: number | null = null;
  for (const [s, items] of byStore) {
    if (model.liveAt[s]!.length === 0) continue;
    const { lines, rules } = buildPartLines(model, s, items);
    const priced = priceStorePart(lines, rules).lines;
    items.forEach((j, index) => {
      const key = s * nItems + j;
      if (!isInteracting(model, key) || decisions.has(key)) return;
      const gap = priced[index]!.costCents - (charged.get(key) ?? 0);
      if (gap > bestGap) {
        bestGap = gap;
        bestKey = key;
      }
      fallback ??= key;
    });
    if (fallback === null) {
      // Every line of this part is decided: branch on an undecided offer that could join it.
      for (const key of model.hasMinPurchase[s] ? model.shelf.keys() : model.covering.keys()) {
        if (Math.floor(key / nItems) === s && !decisions.has(key) && assignment[key - s * nItems] !== s) {
          fallback = key;
          break;
        }
      }
    }
  }
  return bestKey ?? fallback;
}

export function solveWithPromotions(model: PromotionModel, deadline: number): SplitCartResult {
  const { nItems } = model;
  let bestTotal = Infinity;
  let bestAssignment: (number | null)[] | null = null;
  let nodes = 0;
  let isStopped = false;
  let unprovenBound = Infinity;
  let infeasibleReason: 'no-candidate-store' | 'store-limit' = 'store-limit';
  let missingItemIndices: number[] = [];
  const queue: Node[] = [{ decisions: new Map(), bound: -Infinity }];
  while (queue.length > 0) {
    // Best bound first.
    let pick = 0;
    for (let q = 1; q < queue.length; q++) if (queue[q]!.bound < queue[pick]!.bound) pick = q;
    const node = queue[pick]!;
    queue[pick] = queue[queue.length - 1]!;
    queue.pop();
    if (node.bound >= bestTotal) continue;
    if (performance.now() > deadline) {
      isStopped = true;
      unprovenBound = Math.min(unprovenBound, node.bound, ...queue.map((other) => other.bound));
      break;
    }
    const nodeInstance = buildNodeInstance(model, node.decisions);
    const remaining = deadline - performance.now();
    const result = solvePlain(nodeInstance, Number.isFinite(remaining) ? { timeLimitMs: Math.max(1, remaining) } : {});
    if (!result.isFeasible) {
      if (nodes === 0) {
        infeasibleReason = result.reason;
        missingItemIndices = result.missingItemIndices;
      }
      nodes++;
      continue;
    }
    nodes += result.nodes;
    const { assignment, total } = improveAssignment(model, result.assignment);
    const exact = priceAssignment(model, result.assignment);
    if (total < bestTotal) {
      bestTotal = total;
      bestAssignment = assignment;
    }
    if (!result.isProven) {
      isStopped = true;
      unprovenBound = Math.min(unprovenBound, result.lowerBound);
      continue;
    }
    if (exact <= result.objective || result.objective >= bestTotal) continue;
    const key = chooseBranchKey(model, node.decisions, result.assignment, chargedLines(nodeInstance, result.assignment, nItems));
    if (key === null) continue;
    for (const value of [1, 0] as const) {
      queue.push({ decisions: new Map(node.decisions).set(key, value), bound: result.objective });
    }
  }
  if (bestAssignment === null) {
    if (isStopped) return { isFeasible: false, reason: 'store-limit', missingItemIndices: [] };
    return { isFeasible: false, reason: infeasibleReason, missingItemIndices };
  }
  const used = [...new Set(bestAssignment.filter((s): s is number => s !== null))].sort((a, b) => a - b);
  const lowerBound = isStopped ? Math.min(bestTotal, Math.ceil(unprovenBound - 1e-6)) : bestTotal;
  return {
    isFeasible: true,
    objective: bestTotal,
    storeIndices: used,
    assignment: bestAssignment,
    nodes,
    isProven: !isStopped,
    lowerBound,
  };
}
