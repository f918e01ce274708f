import type { TPlanLine, TPlanPromotion, TPlanStore, TRecommendationPlan } from '../contracts/splitcart';
import { sortByAisle, sortByLearnedAisle } from './aisle-order';

export { AISLE_ORDER, sortByAisle } from './aisle-order';

/**
 * Shop mode: walking a split-cart plan store by store. The plan is fixed when the trip starts; what changes on the
 * way is where an item is bought, when a store turns out not to have it ("not here").
 */

/** Where an item goes after "not here": another stop, or nowhere (storeId null: missing). */
export interface ShopMove {
  storeId: string | null;
  /** Stores that did not have it, in the order they were tried (the planned one first). */
  triedStoreIds: string[];
}

/** Moves by list item id; an item without one stays at its planned store. */
export type ShopMoves = Readonly<Record<string, ShopMove>>;

export interface ShopLine {
  itemId: string;
  /** The product bought where the line is now (an alternative's after a move). */
  productId: string;
  name: string;
  quantity: number;
  unit: string | null;
  productName: string;
  category: string | null;
  /** What it costs where it is now to be bought (the planned price when it has not moved). */
  lineCents: number;
  isDeal: boolean;
  /** The promotion the line takes at its planned store; null once moved (another store's shelf price applies). */
  promotion: TPlanPromotion | null;
  /** A generic item at its planned store: the whole packages to take, and their size; null once moved. */
  packs: { count: number; label: string | null } | null;
  plannedStoreId: string;
  isMoved: boolean;
}

export interface ShopStop {
  store: TPlanStore;
  lines: ShopLine[];
}

export interface ShopTrip {
  stops: ShopStop[];
  /** Items no planned store had. */
  missing: ShopLine[];
  /** The plan's item total, fixed when the trip started. */
  plannedCents: number;
  /** What the items now cost where they are to be bought (missing ones left out). */
  expectedCents: number;
}

function findPlannedLine(plan: TRecommendationPlan, itemId: string): { line: TPlanLine; storeId: string } | null {
  for (const stop of plan.stops) {
    const line = stop.lines.find((entry) => entry.itemId === itemId);
    if (line) return { line, storeId: stop.store.id };
  }
  return null;
}

/**
 * "Not here": the item moves to the cheapest planned stop that has a price for it and has not been tried yet, or
 * is marked missing when none is left. A missing item (or one not in the plan) stays as it is.
 */
export function markNotHere(plan: TRecommendationPlan, moves: ShopMoves, itemId: string): ShopMoves {
  const planned = findPlannedLine(plan, itemId);
  if (!planned) return moves;
  const current = moves[itemId] ?? { storeId: planned.storeId, triedStoreIds: [] };
  if (current.storeId === null) return moves;
  const triedStoreIds = [...current.triedStoreIds, current.storeId];
  const next = planned.line.alternatives.find((alternative) => !triedStoreIds.includes(alternative.storeId));
  return { ...moves, [itemId]: { storeId: next?.storeId ?? null, triedStoreIds } };
}

/** Undoes every move of an item: it goes back to its planned store. */
export function restorePlanned(moves: ShopMoves, itemId: string): ShopMoves {
  if (!(itemId in moves)) return moves;
  const { [itemId]: _restored, ...rest } = moves;
  return rest;
}

/** The trip as it stands: each stop's lines (moved ones included) in that store's aisle order, and what is missing. */
export function buildShopTrip(plan: TRecommendationPlan, moves: ShopMoves): ShopTrip {
  const byStore = new Map<string, ShopLine[]>(plan.stops.map((stop) => [stop.store.id, []]));
  const missing: ShopLine[] = [];
  for (const stop of plan.stops) {
    for (const line of stop.lines) {
      const move = moves[line.itemId];
      const alternative = move?.storeId ? line.alternatives.find((entry) => entry.storeId === move.storeId) : undefined;
      const shopLine: ShopLine = {
        itemId: line.itemId,
        productId: alternative?.productId ?? line.productId,
        name: line.name,
        quantity: line.quantity,
        unit: line.unit,
        productName: alternative?.productName ?? line.productName,
        category: line.category,
        lineCents: alternative?.lineCents ?? line.lineCents,
        isDeal: alternative?.isDeal ?? line.isDeal,
        promotion: move === undefined ? line.promotion : null,
        packs: move === undefined && line.packs ? { count: line.packs, label: line.packageLabel } : null,
        plannedStoreId: stop.store.id,
        isMoved: move !== undefined,
      };
      if (move?.storeId === null) missing.push(shopLine);
      else (byStore.get(alternative?.storeId ?? stop.store.id) ?? byStore.get(stop.store.id)!).push(shopLine);
    }
  }
  // Each store's own walk, learned from the household's ticks there, else the default aisle order.
  const stops = plan.stops.map((stop) => ({ store: stop.store, lines: sortByLearnedAisle(byStore.get(stop.store.id)!, stop.aisle) }));
  const expectedCents = stops.reduce((sum, stop) => sum + stop.lines.reduce((total, line) => total + line.lineCents, 0), 0);
  return { stops, missing: sortByAisle(missing), plannedCents: plan.itemsCents, expectedCents };
}

/** The running total: what the ticked items cost where they are bought. */
export function sumTicked(trip: ShopTrip, isTicked: (itemId: string) => boolean): number {
  return trip.stops.reduce(
    (sum, stop) => sum + stop.lines.reduce((total, line) => total + (isTicked(line.itemId) ? line.lineCents : 0), 0),
    0,
  );
}
