import { borrowIntScratch, borrowScratch } from './scratch';
import { roundLineCents, type SplitCartInstance } from './types';

/**
 * Dense, reduced form of an instance that the search works on. Costs are whole line costs in
 * cents (qty already applied). A cost that is not strictly below the item's penalty is stored as
 * Infinity: buying there can never beat leaving the item unbought, so it is not a real option.
 */
export interface DenseProblem {
  nStores: number;
  nItems: number;
  /** Reduced store index -> original store index. */
  storeMap: Int32Array;
  /** Reduced item index -> original item index. */
  itemMap: Int32Array;
  visit: Float64Array;
  /** Store-major: cost[s * nItems + j]. */
  cost: Float64Array;
  /** Line penalty per reduced item; Infinity when the item must be bought. */
  penalty: Float64Array;
  /**
   * Per item, candidate stores sorted by ascending cost: cand*[candStart[j] .. candStart[j+1]).
   * Built on first read: sorting is about a millisecond on the large class, and the K = 1 and 2
   * searches never need it.
   */
  readonly candStart: Int32Array;
  readonly candStore: Int32Array;
  readonly candCost: Float64Array;
  /** Per item, its dearest offer (every kept item has one). */
  dearest: Float64Array;
  /** Stores that are the only option for some must-buy item (reduced indices). */
  forcedOpen: number[];
  /** Penalties of items no store can beat; paid whatever is chosen. */
  constant: number;
  limit: number;
}

export type PrepareOutcome = { isFeasible: true; problem: DenseProblem } | { isFeasible: false; missingItemIndices: number[] };

/** Duplicate offers keep the cheapest price, as the issue asks. */
function buildLineCosts(instance: SplitCartInstance): { lines: Float64Array; penalties: Float64Array } {
  const nItems = instance.items.length;
  const lines = borrowScratch('lines', instance.stores.length * nItems).fill(Infinity);
  const penalties = new Float64Array(nItems);
  instance.items.forEach((item, j) => {
    penalties[j] = item.penalty === null ? Infinity : roundLineCents(item.qty, item.penalty);
  });
  const qty = Float64Array.from(instance.items, (item) => item.qty);
  const { offers } = instance;
  // Indexed reads, not `for (const [s, j, price] of ...)`: destructuring each tuple through the
  // iterator protocol was a tenth of a large solve.
  for (let q = 0; q < offers.length; q++) {
    const offer = offers[q]!;
    const j = offer[1];
    const line = roundLineCents(qty[j]!, offer[2]);
    const k = offer[0] * nItems + j;
    if (line < lines[k]! && line < penalties[j]!) lines[k] = line;
  }
  return { lines, penalties };
}

/**
 * Store a is dominated by b when b is never dearer on any item a could serve and b's trip costs
 * no more: swapping a for b (or dropping a when b is already open) never hurts and keeps the
 * store count, so a can be removed without losing every optimum.
 */
function isDominated(lines: Float64Array, nItems: number, a: number, b: number, items: Int32Array): boolean {
  const offA = a * nItems;
  const offB = b * nItems;
  for (let t = 0; t < items.length; t++) {
    const j = items[t]!;
    if (lines[offB + j]! > lines[offA + j]!) return false;
  }
  return true;
}

function selectStores(instance: SplitCartInstance, lines: Float64Array, items: Int32Array): number[] {
  const nItems = instance.items.length;
  const useful: number[] = [];
  for (let s = 0; s < instance.stores.length; s++) {
    const off = s * nItems;
    if (items.some((j) => lines[off + j]! < Infinity)) useful.push(s);
  }
  return useful.filter((a) => {
    const fa = instance.stores[a]!.visitCost;
    return !useful.some((b) => {
      if (b === a) return false;
      const fb = instance.stores[b]!.visitCost;
      if (fb > fa) return false;
      // Identical stores: keep the lower index only, so exactly one survives.
      if (fb === fa && b > a && isDominated(lines, nItems, b, a, items)) return false;
      return isDominated(lines, nItems, a, b, items);
    });
  });
}

export function prepareProblem(instance: SplitCartInstance): PrepareOutcome {
  const nAllItems = instance.items.length;
  const { lines, penalties } = buildLineCosts(instance);
  const missing: number[] = [];
  const kept: number[] = [];
  let constant = 0;
  const hasOffer = new Uint8Array(nAllItems);
  for (let s = 0; s < instance.stores.length; s++) {
    const off = s * nAllItems;
    for (let j = 0; j < nAllItems; j++) if (lines[off + j]! < Infinity) hasOffer[j] = 1;
  }
  for (let j = 0; j < nAllItems; j++) {
    if (hasOffer[j]) kept.push(j);
    else if (penalties[j] === Infinity) missing.push(j);
    else constant += penalties[j]!;
  }
  if (missing.length > 0) return { isFeasible: false, missingItemIndices: missing };

  const itemMap = Int32Array.from(kept);
  const storeList = selectStores(instance, lines, itemMap);
  const nItems = itemMap.length;
  const nStores = storeList.length;
  // Every entry is written below, so the pooled array needs no clearing.
  const cost = borrowScratch('cost', nStores * nItems);
  const visit = new Float64Array(nStores);
  storeList.forEach((s, r) => {
    visit[r] = instance.stores[s]!.visitCost;
    for (let j = 0; j < nItems; j++) cost[r * nItems + j] = lines[s * nAllItems + itemMap[j]!]!;
  });
  const penalty = Float64Array.from(itemMap, (j) => penalties[j]!);

  const { dearest, forcedOpen } = summariseOffers(cost, penalty, nStores, nItems);
  const limit = instance.K === null ? nStores : Math.min(instance.K, nStores);
  let sorted: Candidates | null = null;
  const candidates = (): Candidates => (sorted ??= buildCandidates(cost, nStores, nItems));
  return {
    isFeasible: true,
    problem: {
      nStores,
      nItems,
      storeMap: Int32Array.from(storeList),
      itemMap,
      visit,
      cost,
      penalty,
      get candStart() {
        return candidates().candStart;
      },
      get candStore() {
        return candidates().candStore;
      },
      get candCost() {
        return candidates().candCost;
      },
      dearest,
      forcedOpen,
      constant,
      limit,
    },
  };
}

/** Each item's dearest offer, and the stores that are the only option for some must-buy item. */
function summariseOffers(cost: Float64Array, penalty: Float64Array, nStores: number, nItems: number) {
  const dearest = new Float64Array(nItems).fill(-Infinity);
  const count = new Int32Array(nItems);
  const only = new Int32Array(nItems);
  for (let r = 0; r < nStores; r++) {
    const off = r * nItems;
    for (let j = 0; j < nItems; j++) {
      const c = cost[off + j]!;
      if (c === Infinity) continue;
      if (c > dearest[j]!) dearest[j] = c;
      count[j]!++;
      only[j] = r;
    }
  }
  const forced = new Set<number>();
  for (let j = 0; j < nItems; j++) if (count[j] === 1 && penalty[j] === Infinity) forced.add(only[j]!);
  return { dearest, forcedOpen: [...forced].sort((a, b) => a - b) };
}

interface Candidates {
  candStart: Int32Array;
  candStore: Int32Array;
  candCost: Float64Array;
}

/** Per item, its stores sorted by cost (then index), built row by row to stay cache-friendly. */
function buildCandidates(cost: Float64Array, nStores: number, nItems: number): Candidates {
  const candStart = borrowIntScratch('cand-start', nItems + 1).fill(0);
  for (let r = 0; r < nStores; r++) {
    const off = r * nItems;
    for (let j = 0; j < nItems; j++) if (cost[off + j]! < Infinity) candStart[j + 1]!++;
  }
  for (let j = 0; j < nItems; j++) candStart[j + 1]! += candStart[j]!;
  const fill = borrowIntScratch('cand-fill', nItems);
  fill.set(candStart.subarray(0, nItems));
  const candStore = borrowIntScratch('cand-store', candStart[nItems]!);
  const candCost = borrowScratch('cand-cost', candStore.length);
  for (let r = 0; r < nStores; r++) {
    const off = r * nItems;
    for (let j = 0; j < nItems; j++) {
      const c = cost[off + j]!;
      if (c === Infinity) continue;
      // Insertion into the item's sorted run; stores arrive in index order, so ties stay by index.
      let t = fill[j]!++;
      while (t > candStart[j]! && candCost[t - 1]! > c) {
        candCost[t] = candCost[t - 1]!;
        candStore[t] = candStore[t - 1]!;
        t--;
      }
      candCost[t] = c;
      candStore[t] = r;
    }
  }
  return { candStart, candStore, candCost };
}
