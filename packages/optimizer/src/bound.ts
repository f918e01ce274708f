import { FREE, UNCOVERED } from './local-search';
import type { DenseProblem } from './prepare';

/** Item j's free candidates priced under its cap, cheapest first: store / cost at start[j] .. end[j] - 1. */
export interface CandidateCopy {
  readonly start: Int32Array;
  readonly end: Int32Array;
  readonly store: Int32Array;
  readonly cost: Float64Array;
}

/**
 * Lower bounds from the LP dual of the facility-location formulation
 *   min sum f_s y_s + sum c_sj x_sj + sum p_j u_j,  sum_s x_sj + u_j = 1,  x_sj <= y_s,  sum y_s <= r.
 * For any prices v_j the Lagrangian (relaxing the assignment rows) gives
 *   L(v) = sum_j v_j + (sum of the r most negative rho_s),  rho_s = f_s - sum_j max(0, v_j - c_sj),
 * valid for every v; we pick v with Erlenkotter's dual ascent (DUALOC) on visit costs f_s + lambda,
 * which for lambda = 0 is exactly the UFL dual bound and for lambda > 0 prices in the store limit.
 * `cap[j]` is the item's cost via already-open stores or its penalty: an always-open store with no
 * visit cost, so v_j never needs to exceed it.
 */
export class DualBound {
  readonly v: Float64Array;
  readonly slack: Float64Array;
  private readonly level: Int32Array;
  private readonly order: Int32Array;
  /**
   * Per ascent, each item's free candidates priced under its cap, cheapest first. Deep in the tree
   * about half of the entries on an item's list are closed stores; copying the free ones once per
   * ascent is faster than skipping closed ones on every level pass, and the node's own copy is
   * filtered again for its later ascents.
   */
  private readonly itemStart: Int32Array;
  private readonly itemEnd: Int32Array;
  private freeStore = new Int32Array(0);
  private freeCost = new Float64Array(0);
  /** False while a copy is half built (an ascent that found an uncoverable item stops early). */
  private isCopyComplete = false;

  levelPasses = 12;

  constructor(private readonly p: DenseProblem) {
    this.v = new Float64Array(p.nItems);
    this.slack = new Float64Array(p.nStores);
    this.level = new Int32Array(p.nItems);
    this.order = new Int32Array(p.nItems);
    this.itemStart = new Int32Array(p.nItems);
    this.itemEnd = new Int32Array(p.nItems);
  }

  /** The last ascent's candidate copy; null when it stopped early on an uncoverable item. */
  freeCandidates(): CandidateCopy | null {
    if (!this.isCopyComplete) return null;
    return { start: this.itemStart, end: this.itemEnd, store: this.freeStore, cost: this.freeCost };
  }

  /**
   * What the items cost with every tight free store (slack - lambda <= 0) open on top of the caps,
   * read off the last ascent's candidate copy (the first tight store on an item's list is its
   * cheapest); null without a complete copy. UNCOVERED stands in for an uncovered must-buy item.
   */
  priceTightStores(cap: Float64Array, lambda: number): number | null {
    if (!this.isCopyComplete) return null;
    const { slack, itemStart, itemEnd, freeStore, freeCost } = this;
    let total = 0;
    for (let j = 0; j < cap.length; j++) {
      let price = cap[j]! === Infinity ? UNCOVERED : cap[j]!;
      const end = itemEnd[j]!;
      for (let t = itemStart[j]!; t < end; t++) {
        if (slack[freeStore[t]!]! - lambda > 0) continue;
        price = freeCost[t]!;
        break;
      }
      total += price;
    }
    return total;
  }

  /**
   * Runs the ascent; returns sum_j v_j, or Infinity when some must-buy item has no open or free store.
   * `isSameCaps`: the caps are those of the previous ascent and stores have only been closed since,
   * so each item's copy is filtered in place instead of rebuilt from its full candidate list.
   */
  ascend(status: Uint8Array, cap: Float64Array, lambda: number, isSameCaps = false): number {
    const { nItems, nStores, candStart, candStore, candCost, visit } = this.p;
    const { v, slack, level, order, itemStart, itemEnd } = this;
    // The candidate lists are built lazily (K = 1 and 2 never ascend): size the copies on first use.
    if (this.freeStore.length < candStart[nItems]!) {
      this.freeStore = new Int32Array(candStart[nItems]!);
      this.freeCost = new Float64Array(candStart[nItems]!);
    }
    const { freeStore, freeCost } = this;
    for (let s = 0; s < nStores; s++) slack[s] = status[s] === FREE ? visit[s]! + lambda : 0;
    let active = 0;
    let sum = 0;
    let w = 0;
    const isFiltering = isSameCaps && this.isCopyComplete;
    this.isCopyComplete = false;
    for (let j = 0; j < nItems; j++) {
      const c = cap[j]!;
      if (isFiltering) {
        // Writes never overtake reads: w <= itemStart[j] and the copy only shrinks.
        const end = itemEnd[j]!;
        const from = itemStart[j]!;
        itemStart[j] = w;
        for (let t = from; t < end; t++) {
          const s = freeStore[t]!;
          if (status[s] !== FREE) continue;
          freeCost[w] = freeCost[t]!;
          freeStore[w++] = s;
        }
      } else {
        const end = candStart[j + 1]!;
        itemStart[j] = w;
        for (let t = candStart[j]!; t < end; t++) {
          const price = candCost[t]!;
          if (price >= c) break;
          const s = candStore[t]!;
          if (status[s] !== FREE) continue;
          freeStore[w] = s;
          freeCost[w++] = price;
        }
      }
      itemEnd[j] = w;
      const first = itemStart[j]!;
      if (first === w) {
        if (c === Infinity) return Infinity;
        v[j] = c;
        continue;
      }
      const cheapest = freeCost[first]!;
      v[j] = cheapest;
      let t = first + 1;
      while (t < w && freeCost[t]! <= cheapest) t++;
      level[j] = t;
      order[active++] = j;
    }
    this.isCopyComplete = true;
    // Each pass lifts every unblocked item by at most one price level, which spreads the slack
    // over items instead of letting the first items absorb it (Erlenkotter 1978). After a few such
    // passes the rest is lifted greedily, item by item, to keep a node at O(stores * items).
    for (let pass = 0; pass < this.levelPasses && active > 0; pass++) active = this.liftOneLevel(cap, active);
    for (let q = 0; q < active; q++) this.liftGreedily(cap, order[q]!);
    for (let j = 0; j < nItems; j++) sum += v[j]!;
    return sum;
  }

  private liftOneLevel(cap: Float64Array, active: number): number {
    const { v, slack, level, order, itemStart, itemEnd, freeStore, freeCost } = this;
    let kept = 0;
    for (let q = 0; q < active; q++) {
      const j = order[q]!;
      const start = itemStart[j]!;
      const lvl = level[j]!;
      let minSlack = Infinity;
      for (let t = start; t < lvl; t++) {
        const sl = slack[freeStore[t]!]!;
        if (sl < minSlack) minSlack = sl;
      }
      if (minSlack <= 0) continue;
      const end = itemEnd[j]!;
      const next = lvl < end ? freeCost[lvl]! : Infinity;
      const c = cap[j]!;
      const target = next < c ? next : c;
      const vj = v[j]!;
      const delta = target - vj < minSlack ? target - vj : minSlack;
      for (let u = start; u < lvl; u++) slack[freeStore[u]!]! -= delta;
      const nv = vj + delta;
      v[j] = nv;
      if (nv >= c || delta === minSlack) continue;
      let t = lvl;
      while (t < end && freeCost[t]! <= nv) t++;
      level[j] = t;
      order[kept++] = j;
    }
    return kept;
  }

  /** Lifts v_j as far as slacks allow in one go, tracking the prefix's minimum slack incrementally. */
  private liftGreedily(cap: Float64Array, j: number): void {
    const { v, slack, itemStart, itemEnd, freeStore, freeCost } = this;
    const start = itemStart[j]!;
    const end = itemEnd[j]!;
    const c = cap[j]!;
    const v0 = v[j]!;
    let t = this.level[j]!;
    let minSlack = Infinity;
    for (let u = start; u < t; u++) {
      const sl = slack[freeStore[u]!]!;
      if (sl < minSlack) minSlack = sl;
    }
    let vj = v0;
    while (minSlack > 0 && vj < c) {
      const next = t < end ? freeCost[t]! : Infinity;
      const target = next < c ? next : c;
      const delta = target - vj < minSlack ? target - vj : minSlack;
      vj += delta;
      minSlack -= delta;
      while (t < end && freeCost[t]! <= vj) {
        const sl = slack[freeStore[t]!]!;
        if (sl < minSlack) minSlack = sl;
        t++;
      }
    }
    for (let u = start; u < t; u++) {
      const from = freeCost[u]! > v0 ? freeCost[u]! : v0;
      if (vj > from) slack[freeStore[u]!]! -= vj - from;
    }
    v[j] = vj;
  }
}

/** Sum of the `r` most negative values of slack - lambda over free stores (0 if none negative). */
export function sumMostNegative(status: Uint8Array, slack: Float64Array, lambda: number, r: number, scratch: number[]): number {
  scratch.length = 0;
  for (let s = 0; s < slack.length; s++) {
    if (status[s] !== FREE) continue;
    const rho = slack[s]! - lambda;
    if (rho < 0) scratch.push(rho);
  }
  if (scratch.length > r) scratch.sort((a, b) => a - b);
  let total = 0;
  const n = Math.min(r, scratch.length);
  for (let q = 0; q < n; q++) total += scratch[q]!;
  return total;
}
