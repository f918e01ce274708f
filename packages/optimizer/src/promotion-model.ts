import {
  canJoinGroup,
  isUsablePromotionRule,
  priceStorePart,
  rateUnitSavingCents,
  singleUnitLineCents,
  type PromotionLine,
  type PromotionRule,
} from '@cartwise/contracts/domain/promotions';
import { roundLineCents, type SplitCartInstance } from './types';

/** One promotion at one store that can change some plan's total (others are dropped up front). */
export interface LivePromotion {
  store: number;
  rule: PromotionRule;
  /** Items it covers that have an offer at its store and can take it. */
  members: number[];
}

/**
 * The instance seen through its promotions: shelf prices per store and item (cheapest duplicate),
 * the promotions that can apply, and which offers they touch. Pure data built once per solve.
 */
export interface PromotionModel {
  instance: SplitCartInstance;
  nItems: number;
  /** Shelf unit price at store s of item j: key s * nItems + j. */
  shelf: Map<number, number>;
  live: LivePromotion[];
  /** Per store, indices into `live`. */
  liveAt: number[][];
  /** Per offer key, the live promotions covering it. */
  covering: Map<number, number[]>;
  /** Stores with a live minimum-purchase promotion: every offer there interacts. */
  hasMinPurchase: boolean[];
}

export function buildPromotionModel(instance: SplitCartInstance): PromotionModel {
  const nItems = instance.items.length;
  const shelf = new Map<number, number>();
  for (const [s, j, price] of instance.offers) {
    const key = s * nItems + j;
    if (price < (shelf.get(key) ?? Infinity)) shelf.set(key, price);
  }
  const live: LivePromotion[] = [];
  const partCeiling = new Map<number, number>();
  for (const [key, price] of shelf) {
    const s = Math.floor(key / nItems);
    partCeiling.set(s, (partCeiling.get(s) ?? 0) + roundLineCents(instance.items[key - s * nItems]!.qty, price));
  }
  for (const promotion of instance.promotions ?? []) {
    const rule: PromotionRule = {
      minQuantity: promotion.minQuantity,
      groupPriceCents: promotion.groupPriceCents,
      discountRate: promotion.discountRate,
      minPurchaseCents: promotion.minPurchaseCents,
    };
    if (!isUsablePromotionRule(rule)) continue;
    if (rule.minPurchaseCents !== null && (partCeiling.get(promotion.store) ?? 0) < rule.minPurchaseCents) continue;
    const members = [...new Set(promotion.items)].filter((j) => {
      const price = shelf.get(promotion.store * nItems + j);
      if (price === undefined) return false;
      const line = { qty: instance.items[j]!.qty, unitPriceCents: price };
      return rule.minQuantity === 1 ? singleUnitLineCents(line, rule) !== null : canJoinGroup(line);
    });
    const units = members.reduce((sum, j) => sum + instance.items[j]!.qty, 0);
    if (members.length === 0 || units < rule.minQuantity) continue;
    live.push({ store: promotion.store, rule, members });
  }
  const liveAt = instance.stores.map(() => [] as number[]);
  const covering = new Map<number, number[]>();
  const hasMinPurchase = instance.stores.map(() => false);
  live.forEach((promotion, index) => {
    liveAt[promotion.store]!.push(index);
    if (promotion.rule.minPurchaseCents !== null) hasMinPurchase[promotion.store] = true;
    for (const j of promotion.members) {
      const key = promotion.store * nItems + j;
      const list = covering.get(key) ?? [];
      list.push(index);
      covering.set(key, list);
    }
  });
  return { instance, nItems, shelf, live, liveAt, covering, hasMinPurchase };
}

/** No line can cost less than this under the promotion, whatever else the part holds. */
export function boundLineCents(qty: number, unitPriceCents: number, rule: PromotionRule): number {
  const shelf = roundLineCents(qty, unitPriceCents);
  if (rule.minQuantity === 1) return singleUnitLineCents({ qty, unitPriceCents }, rule) ?? shelf;
  if (rule.groupPriceCents === null) return qty * (unitPriceCents - rateUnitSavingCents(unitPriceCents, rule.discountRate!));
  // Each unit of a group pays at least the group price over m; units outside groups pay their shelf price.
  return Math.min(shelf, Math.floor((qty * rule.groupPriceCents) / rule.minQuantity));
}

/** The store's part as promotion lines (local rule indices into `rules`). */
export function buildPartLines(
  model: PromotionModel,
  s: number,
  items: readonly number[],
): { lines: PromotionLine[]; rules: PromotionRule[] } {
  const liveHere = model.liveAt[s]!;
  const rules = liveHere.map((index) => model.live[index]!.rule);
  const lines = items.map((j) => {
    const key = s * model.nItems + j;
    const covering = model.covering.get(key) ?? [];
    return {
      qty: model.instance.items[j]!.qty,
      unitPriceCents: model.shelf.get(key)!,
      promotionIndices: covering.map((index) => liveHere.indexOf(index)),
    };
  });
  return { lines, rules };
}

/** The exact total of an assignment: visits + each store's part under its promotions + penalties. */
export function priceAssignment(model: PromotionModel, assignment: readonly (number | null)[]): number {
  const { instance } = model;
  const byStore = new Map<number, number[]>();
  let total = 0;
  assignment.forEach((s, j) => {
    const item = instance.items[j]!;
    if (s === null) {
      total += item.penalty === null ? Infinity : roundLineCents(item.qty, item.penalty);
      return;
    }
    const list = byStore.get(s) ?? [];
    list.push(j);
    byStore.set(s, list);
  });
  for (const [s, items] of byStore) {
    const { lines, rules } = buildPartLines(model, s, items);
    total += instance.stores[s]!.visitCost + priceStorePart(lines, rules).totalCents;
  }
  return total;
}

/**
 * Improves an assignment by moving single items between the open stores (or leaving optional ones unbought)
 * while the exact total falls; a store left empty is closed. Returns the improved assignment and its total.
 */
export function improveAssignment(
  model: PromotionModel,
  start: readonly (number | null)[],
  passes = 2,
): { assignment: (number | null)[]; total: number } {
  const assignment = [...start];
  let total = priceAssignment(model, assignment);
  const open = [...new Set(assignment.filter((s): s is number => s !== null))];
  for (let pass = 0; pass < passes; pass++) {
    let isImproved = false;
    for (let j = 0; j < assignment.length; j++) {
      const current = assignment[j]!;
      const choices: (number | null)[] = open.filter((s) => s !== current && model.shelf.has(s * model.nItems + j));
      if (model.instance.items[j]!.penalty !== null && current !== null) choices.push(null);
      for (const choice of choices) {
        assignment[j] = choice;
        const trial = priceAssignment(model, assignment);
        if (trial < total) {
          total = trial;
          isImproved = true;
          break;
        }
        assignment[j] = current;
      }
    }
    if (!isImproved) break;
  }
  return { assignment, total };
}
