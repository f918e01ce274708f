import { priceStorePart } from '@cartwise/contracts/domain/promotions';
import { boundLineCents, buildPartLines, type PromotionModel } from './promotion-model';
import { roundLineCents, type SplitCartInstance } from './types';

/** A node of the promotion search: decided offers and promotions ruled out. */
export interface PromotionNode {
  /** key s * nItems + j -> 1 bought there, 0 not bought there. */
  decisions: Map<number, 0 | 1>;
  bound: number;
  /** Creation order, to break ties between equal bounds. */
  order: number;
}

export interface NodeView {
  instance: SplitCartInstance;
  forced: Map<number, number>;
  isAllowed(s: number, j: number): boolean;
}

export function viewNode(model: PromotionModel, node: PromotionNode): Omit<NodeView, 'instance'> {
  const { nItems } = model;
  const forced = new Map<number, number>();
  for (const [key, value] of node.decisions) if (value === 1) forced.set(key % nItems, Math.floor(key / nItems));
  return { forced, isAllowed: (s, j) => node.decisions.get(s * nItems + j) !== 0 && (forced.get(j) ?? s) === s };
}

/** Offers whose price depends on the rest of their store's part, in this node. */
export function isInteracting(model: PromotionModel, key: number): boolean {
  return model.covering.has(key) || model.hasMinPurchase[Math.floor(key / model.nItems)]!;
}

/**
 * The promotion-free instance whose optimum bounds every plan of the node's subtree: each offer a promotion
 * still possible there covers costs the least that promotion could make it cost; at a store whose
 * promotion component (`PromotionComponent`) has all its offers decided, the forced lines cost their exact shares.
 */
export function buildNodeInstance(model: PromotionModel, node: PromotionNode): NodeView {
  const { instance, nItems } = model;
  const { forced, isAllowed } = viewNode(model, node);
  // A promotion left with one item it can cover prices that line exactly: no other line joins its groups.
  const soleMember = new Map<number, number>();
  const isPossible = model.live.map((promotion, p) => {
    const s = promotion.store;
    if (promotion.rule.minPurchaseCents !== null) {
      let ceiling = 0;
      for (let j = 0; j < nItems; j++) {
        const price = model.shelf.get(s * nItems + j);
        if (price !== undefined && isAllowed(s, j)) ceiling += roundLineCents(instance.items[j]!.qty, price);
      }
      if (ceiling < promotion.rule.minPurchaseCents) return false;
    }
    let units = 0;
    let allowedCount = 0;
    let last = -1;
    for (const j of promotion.members) {
      if (!isAllowed(s, j)) continue;
      units += instance.items[j]!.qty;
      allowedCount++;
      last = j;
    }
    if (allowedCount === 1) soleMember.set(p, last);
    return units >= promotion.rule.minQuantity;
  });
  const exactCost = new Map<number, number>();
  for (const component of model.components) {
    const s = component.store;
    const isDecided = component.keys.every(
      (key) => node.decisions.has(key) || !isAllowed(s, key - s * nItems) || !isInteracting(model, key),
    );
    if (!isDecided) continue;
    const forcedHere = component.keys.flatMap((key) => (node.decisions.get(key) === 1 ? [key - s * nItems] : []));
    const { lines, rules } = buildPartLines(model, s, forcedHere);
    const liveHere = model.liveAt[s]!;
    const enabled = lines.map((line) => ({ ...line, promotionIndices: line.promotionIndices.filter((r) => isPossible[liveHere[r]!]) }));
    priceStorePart(enabled, rules).lines.forEach((line, index) => exactCost.set(s * nItems + forcedHere[index]!, line.costCents));
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
      for (const p of model.covering.get(key) ?? []) {
        if (!isPossible[p]) continue;
        const { rule } = model.live[p]!;
        const alone = soleMember.has(p) && rule.minQuantity > 1;
        const bound = alone
          ? priceStorePart([{ qty, unitPriceCents: price, promotionIndices: [0] }], [{ ...rule, minPurchaseCents: null }]).totalCents
          : boundLineCents(qty, price, rule);
        line = Math.min(line, bound);
      }
    }
    offers.push([s, j, line / qty]);
  }
  const items = instance.items.map((item, j) => (forced.has(j) ? { ...item, penalty: null } : item));
  return { instance: { format: 'splitcart/v1', K: instance.K, items, stores: instance.stores, offers }, forced, isAllowed };
}

/** Line cost the node instance charged, per offer of its plan. */
export function chargedLines(nodeInstance: SplitCartInstance, assignment: readonly (number | null)[], nItems: number): Map<number, number> {
  const charged = new Map<number, number>();
  for (const [s, j, unit] of nodeInstance.offers) {
    if (assignment[j] !== s) continue;
    const key = s * nItems + j;
    const line = roundLineCents(nodeInstance.items[j]!.qty, unit);
    if (line < (charged.get(key) ?? Infinity)) charged.set(key, line);
  }
  return charged;
}
