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
  /**
   * Promotions of a store that share covered offers, with those offers: savings add up over components, so a
   * component whose offers are all decided is priced exactly. At a store with a minimum purchase, one
   * component holds every promotion and every offer there.
   */
  components: PromotionComponent[];
  componentOf: number[];
}

export interface PromotionComponent {
  store: number;
  promotions: number[];
  keys: number[];
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
  const seen = new Set<string>();
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
    // The same offer published twice (a chain's club and general copies) is one choice, not two.
    const signature = JSON.stringify([promotion.store, rule, [...members].sort((a, b) => a - b)]);
    if (seen.has(signature)) continue;
    seen.add(signature);
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
  const { components, componentOf } = buildComponents(instance.stores.length, nItems, live, liveAt, covering, hasMinPurchase, shelf);
  return { instance, nItems, shelf, live, liveAt, covering, hasMinPurchase, components, componentOf };
}

function buildComponents(
  nStores: number,
  nItems: number,
  live: LivePromotion[],
  liveAt: number[][],
  covering: Map<number, number[]>,
  hasMinPurchase: boolean[],
  shelf: Map<number, number>,
): { components: PromotionComponent[]; componentOf: number[] } {
  const parent = live.map((_, p) => p);
  const find = (p: number): number => (parent[p] === p ? p : (parent[p] = find(parent[p]!)));
  for (const list of covering.values()) for (const p of list.slice(1)) parent[find(p)] = find(list[0]!);
  for (let s = 0; s < nStores; s++) {
    if (!hasMinPurchase[s]) continue;
    for (const p of liveAt[s]!.slice(1)) parent[find(p)] = find(liveAt[s]![0]!);
  }
  const byRoot = new Map<number, PromotionComponent>();
  const componentOf = live.map(() => -1);
  const components: PromotionComponent[] = [];
  live.forEach((promotion, p) => {
    let component = byRoot.get(find(p));
    if (!component) {
      component = { store: promotion.store, promotions: [], keys: [] };
      byRoot.set(find(p), component);
      components.push(component);
    }
    component.promotions.push(p);
    componentOf[p] = components.indexOf(component);
  });
  for (const component of components) {
    const s = component.store;
    const keys = hasMinPurchase[s]
      ? [...shelf.keys()].filter((key) => Math.floor(key / nItems) === s)
      : [...new Set(component.promotions.flatMap((p) => live[p]!.members.map((j) => s * nItems + j)))];
    component.keys = keys.sort((a, b) => a - b);
  }
  return { components, componentOf };
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
 * while the exact total falls; only the two parts a move touches are priced again. Returns the improved
 * assignment and its exact total.
 */
export function improveAssignment(
  model: PromotionModel,
  start: readonly (number | null)[],
  passes = 2,
): { assignment: (number | null)[]; total: number } {
  const { instance } = model;
  const assignment = [...start];
  const partOf = (s: number) => {
    const items = assignment.flatMap((t, j) => (t === s ? [j] : []));
    if (items.length === 0) return 0;
    const { lines, rules } = buildPartLines(model, s, items);
    return instance.stores[s]!.visitCost + priceStorePart(lines, rules).totalCents;
  };
  const penaltyOf = (j: number) => {
    const item = instance.items[j]!;
    return item.penalty === null ? Infinity : roundLineCents(item.qty, item.penalty);
  };
  const open = [...new Set(assignment.filter((s): s is number => s !== null))];
  // Moving an item no promotion of an open store touches only changes its own line: its cheapest is kept.
  const isMovable = (j: number) => open.some((s) => model.hasMinPurchase[s] || model.covering.has(s * model.nItems + j));
  const parts = new Map(open.map((s) => [s, partOf(s)]));
  for (let pass = 0; pass < passes; pass++) {
    let isImproved = false;
    for (let j = 0; j < assignment.length; j++) {
      const from = assignment[j] ?? null;
      if (!isMovable(j)) continue;
      const choices: (number | null)[] = open.filter((s) => s !== from && model.shelf.has(s * model.nItems + j));
      if (instance.items[j]!.penalty !== null && from !== null) choices.push(null);
      for (const to of choices) {
        assignment[j] = to;
        // Costs of the item's old and new places, before and after the move (a null place is its penalty).
        const fromBefore = from === null ? penaltyOf(j) : parts.get(from)!;
        const toBefore = to === null ? 0 : parts.get(to)!;
        const fromAfter = from === null ? 0 : partOf(from);
        const toAfter = to === null ? penaltyOf(j) : partOf(to);
        if (fromAfter + toAfter < fromBefore + toBefore) {
          if (from !== null) parts.set(from, fromAfter);
          if (to !== null) parts.set(to, toAfter);
          isImproved = true;
          break;
        }
        assignment[j] = from;
      }
    }
    if (!isImproved) break;
  }
  return { assignment, total: priceAssignment(model, assignment) };
}
