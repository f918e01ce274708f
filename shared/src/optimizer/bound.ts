import { FREE } from './local-search';
import type { DenseProblem } from './prepare';

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

  levelPasses = 12;

  constructor(private readonly p: DenseProblem) {
    this.v = new Float64Array(p.nItems);
    this.slack = new Float64Array(p.nStores);
    this.level = new Int32Array(p.nItems);
    this.order = new Int32Array(p.nItems);
  }

  /** Runs the ascent; returns sum_j v_j, or Infinity when some must-buy item has no open or free store. */
  ascend(status: Uint8Array, cap: Float64Array, lambda: number): number {
    const { nItems, nStores, candStart, candStore, candCost, visit } = this.p;
    const { v, slack, level, order } = this;
    for (let s = 0; s < nStores; s++) slack[s] = status[s] === FREE ? visit[s]! + lambda : 0;
    let active = 0;
    let sum = 0;
    for (let j = 0; j < nItems; j++) {
      const end = candStart[j + 1]!;
      let t = candStart[j]!;
      while (t < end && status[candStore[t]!] !== FREE) t++;
      const c = cap[j]!;
      if (t === end || candCost[t]! >= c) {
        if (c === Infinity) return Infinity;
        v[j] = c;
        continue;
      }
      const first = candCost[t]!;
      v[j] = first;
      while (t < end && (candCost[t]! <= first || status[candStore[t]!] !== FREE)) t++;
      level[j] = t;
      order[active++] = j;
    }
    // Each pass lifts every unblocked item by at most one price level, which spreads the slack
    // over items instead of letting the first items absorb it (Erlenkotter 1978). After a few such
    // passes the rest is lifted greedily, item by item, to keep a node at O(stores * items).
    for (let pass = 0; pass < this.levelPasses && active > 0; pass++) active = this.liftOneLevel(status, cap, active);
    for (let q = 0; q < active; q++) this.liftGreedily(status, cap, order[q]!);
    for (let j = 0; j < nItems; j++) sum += v[j]!;
    return sum;
  }

  private liftOneLevel(status: Uint8Array, cap: Float64Array, active: number): number {
    const { candStart, candStore, candCost } = this.p;
    const { v, slack, level, order } = this;
    let kept = 0;
    for (let q = 0; q < active; q++) {
      const j = order[q]!;
      const start = candStart[j]!;
      const lvl = level[j]!;
      let minSlack = Infinity;
      for (let t = start; t < lvl; t++) {
        const s = candStore[t]!;
        if (status[s] === FREE && slack[s]! < minSlack) minSlack = slack[s]!;
      }
      if (minSlack <= 0) continue;
      const end = candStart[j + 1]!;
      let t = lvl;
      while (t < end && status[candStore[t]!] !== FREE) t++;
      const next = t < end ? candCost[t]! : Infinity;
      const c = cap[j]!;
      const target = next < c ? next : c;
      const vj = v[j]!;
      const delta = target - vj < minSlack ? target - vj : minSlack;
      for (let u = start; u < lvl; u++) {
        const s = candStore[u]!;
        if (status[s] === FREE) slack[s]! -= delta;
      }
      const nv = vj + delta;
      v[j] = nv;
      if (nv >= c || delta === minSlack) continue;
      while (t < end && (candCost[t]! <= nv || status[candStore[t]!] !== FREE)) t++;
      level[j] = t;
      order[kept++] = j;
    }
    return kept;
  }

  /** Lifts v_j as far as slacks allow in one go, tracking the prefix's minimum slack incrementally. */
  private liftGreedily(status: Uint8Array, cap: Float64Array, j: number): void {
    const { candStart, candStore, candCost } = this.p;
    const { v, slack } = this;
    const start = candStart[j]!;
    const end = candStart[j + 1]!;
    const c = cap[j]!;
    const v0 = v[j]!;
    let t = this.level[j]!;
    let minSlack = Infinity;
    for (let u = start; u < t; u++) {
      const s = candStore[u]!;
      if (status[s] === FREE && slack[s]! < minSlack) minSlack = slack[s]!;
    }
    let vj = v0;
    while (minSlack > 0 && vj < c) {
      while (t < end && status[candStore[t]!] !== FREE) t++;
      const next = t < end ? candCost[t]! : Infinity;
      const target = next < c ? next : c;
      const delta = target - vj < minSlack ? target - vj : minSlack;
      vj += delta;
      minSlack -= delta;
      while (t < end && candCost[t]! <= vj) {
        const s = candStore[t]!;
        if (status[s] === FREE && slack[s]! < minSlack) minSlack = slack[s]!;
        t++;
      }
    }
    for (let u = start; u < t; u++) {
      const s = candStore[u]!;
      if (status[s] !== FREE) continue;
      const from = candCost[u]! > v0 ? candCost[u]! : v0;
      if (vj > from) slack[s]! -= vj - from;
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
