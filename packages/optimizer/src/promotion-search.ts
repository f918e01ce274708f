import { priceStorePart } from '@cartwise/contracts/domain/promotions';
import { buildPartLines, improveAssignment, priceAssignment, type PromotionModel } from './promotion-model';
import { buildNodeInstance, chargedLines, isInteracting, type NodeView, type PromotionNode } from './promotion-node';
import { solvePlainSplitCart } from './solve-plain';
import type { SplitCartResult } from './types';

/**
 * Exact split-cart with promotions: a best-first branch and bound whose node bound is the promotion-free
 * optimiser run on optimistic prices (`promotion-node.ts`). Each node's plan is priced exactly (and, when
 * promising, improved by moving single items) for an incumbent. Where its exact price exceeds its bound, the
 * promotion component of a store (promotions sharing offers) furthest above its charge is split into "its
 * undecided offers exactly as in this plan" and, for each in turn, "as in the plan up to here, this one the
 * other way": a partition, whose first child prices that component exactly. Every child decides at least one
 * offer, so the search ends, and a node whose components are all decided is priced exactly.
 */

interface Branching {
  children: [number, 0 | 1][][];
}

function chooseBranching(
  model: PromotionModel,
  node: PromotionNode,
  view: NodeView,
  assignment: readonly (number | null)[],
  charged: Map<number, number>,
): Branching | null {
  const { nItems } = model;
  const byStore = new Map<number, number[]>();
  assignment.forEach((s, j) => {
    if (s !== null && model.liveAt[s]!.length > 0) byStore.set(s, [...(byStore.get(s) ?? []), j]);
  });
  const gapOfComponent = new Map<number, number>();
  for (const [s, items] of byStore) {
    const { lines, rules } = buildPartLines(model, s, items);
    const priced = priceStorePart(lines, rules).lines;
    items.forEach((j, index) => {
      const key = s * nItems + j;
      const gap = priced[index]!.costCents - (charged.get(key) ?? 0);
      if (gap <= 0) return;
      const covering = model.covering.get(key) ?? (model.hasMinPurchase[s] ? [model.liveAt[s]![0]!] : []);
      if (covering.length > 0)
        gapOfComponent.set(model.componentOf[covering[0]!]!, (gapOfComponent.get(model.componentOf[covering[0]!]!) ?? 0) + gap);
    });
  }
  // The component furthest above its charge, split into "its offers exactly as in this plan" and, for each
  // undecided offer in turn, "as in the plan up to here, this one the other way".
  const ranked = [...gapOfComponent].sort((a, b) => b[1] - a[1]);
  for (const [c] of ranked) {
    const component = model.components[c]!;
    const s = component.store;
    const open = component.keys.filter(
      (key) => !node.decisions.has(key) && view.isAllowed(s, key - s * nItems) && isInteracting(model, key),
    );
    if (open.length === 0) continue;
    const planned = open.map((key): [number, 0 | 1] => [key, assignment[key - s * nItems] === s ? 1 : 0]);
    return {
      children: [
        planned,
        ...planned.map((_, i) => [...planned.slice(0, i), [planned[i]![0], planned[i]![1] === 1 ? 0 : 1] as [number, 0 | 1]]),
      ],
    };
  }
  return null;
}

export function solveWithPromotions(model: PromotionModel, deadline: number): SplitCartResult {
  let bestTotal = Infinity;
  let bestAssignment: (number | null)[] | null = null;
  let nodes = 0;
  let isStopped = false;
  let unprovenBound = Infinity;
  let rootInfeasible: Extract<SplitCartResult, { isFeasible: false }> | null = null;
  let order = 0;
  const queue: PromotionNode[] = [{ decisions: new Map(), bound: -Infinity, order }];
  while (queue.length > 0) {
    let pick = 0;
    // Best bound first; among equal bounds the newest (deepest), which reaches complete plans sooner.
    for (let q = 1; q < queue.length; q++) {
      const other = queue[q]!;
      if (other.bound < queue[pick]!.bound || (other.bound === queue[pick]!.bound && other.order > queue[pick]!.order)) pick = q;
    }
    const node = queue[pick]!;
    queue[pick] = queue[queue.length - 1]!;
    queue.pop();
    if (node.bound >= bestTotal) continue;
    if (performance.now() > deadline) {
      isStopped = true;
      unprovenBound = Math.min(unprovenBound, node.bound, ...queue.map((other) => other.bound));
      break;
    }
    const view = buildNodeInstance(model, node);
    const remaining = deadline - performance.now();
    const result = solvePlainSplitCart(view.instance, Number.isFinite(remaining) ? { timeLimitMs: Math.max(1, remaining) } : {});
    nodes++;
    if (!result.isFeasible) {
      if (nodes === 1) rootInfeasible = result;
      continue;
    }
    const exact = priceAssignment(model, result.assignment);
    // A plan priced at its bound is the node's best; otherwise single moves may find a cheaper incumbent.
    const isWorthImproving = exact > result.objective && (nodes === 1 || exact < bestTotal);
    const { assignment, total } = isWorthImproving
      ? improveAssignment(model, result.assignment)
      : { assignment: result.assignment, total: exact };
    if (total < bestTotal) {
      bestTotal = total;
      bestAssignment = assignment;
    }
    if (!result.isProven) {
      isStopped = true;
      unprovenBound = Math.min(unprovenBound, result.lowerBound);
      continue;
    }
    if (result.objective >= bestTotal || exact <= result.objective) continue;
    const branching = chooseBranching(model, node, view, result.assignment, chargedLines(view.instance, result.assignment, model.nItems));
    if (branching === null) continue;
    for (const child of branching.children) {
      const decisions = new Map(node.decisions);
      for (const [key, value] of child) decisions.set(key, value);
      queue.push({ decisions, bound: result.objective, order: ++order });
    }
  }
  if (bestAssignment === null) {
    return rootInfeasible ?? { isFeasible: false, reason: 'store-limit', missingItemIndices: [] };
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
