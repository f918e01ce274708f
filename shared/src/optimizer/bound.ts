import { FreeCandidates } from './free-candidates';
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
  /** Candidate copies by tree depth: a node's copy is filtered from its parent's (free-candidates.ts). */
  private readonly layers: FreeCandidates[] = [];
  /** The copy the current ascent reads. */
  private copy!: FreeCandidates;

  levelPasses = 12;

  constructor(private readonly p: DenseProblem) {
    this.v = new Float64Array(p.nItems);
    this.slack = new Float64Array(p.nStores);
    this.level = new Int32Array(p.nItems);
    this.order = new Int32Array(p.nItems);
  }

  /**
   * Runs the ascent; returns sum_j v_j, or Infinity when some must-buy item has no open or free store.
   * It reads the candidate copy of `layer` (a tree depth), first filled from `source`: the layer
   * itself (same node, stores closed since), the layer above (the parent node's last copy), or
   * nothing (rebuilt from the full lists).
   */
  ascend(status: Uint8Array, cap: Float64Array, lambda: number, layer = 0, source = -1): number {
    const { nItems, nStores, candStart, visit } = this.p;
    const { v, slack, level, order } = this;
    // The candidate lists are built lazily (K = 1 and 2 never ascend): copies are made on first use.
    while (this.layers.length <= layer) this.layers.push(new FreeCandidates(nItems, candStart[nItems]!));
    const copy = this.layers[layer]!;
    if (source >= 0) copy.fillFrom(this.layers[source]!, status, cap);
    else copy.fillFromLists(this.p, status, cap);
    this.copy = copy;
    const { start: itemStart, end: itemEnd, cost: freeCost } = copy;
    for (let s = 0; s < nStores; s++) slack[s] = status[s] === FREE ? visit[s]! + lambda : 0;
    let active = 0;
    let sum = 0;
    for (let j = 0; j < nItems; j++) {
      const c = cap[j]!;
      const w = itemEnd[j]!;
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
    // Each pass lifts every unblocked item by at most one price level, which spreads the slack
    // over items instead of letting the first items absorb it (Erlenkotter 1978). After a few such
    // passes the rest is lifted greedily, item by item, to keep a node at O(stores * items).
    for (let pass = 0; pass < this.levelPasses && active > 0; pass++) active = this.liftOneLevel(cap, active);
    for (let q = 0; q < active; q++) this.liftGreedily(cap, order[q]!);
    for (let j = 0; j < nItems; j++) sum += v[j]!;
    return sum;
  }

  private liftOneLevel(cap: Float64Array, active: number): number {
    const { v, slack, level, order } = this;
    const { start: itemStart, end: itemEnd, store: freeStore, cost: freeCost } = this.copy;
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
    const { v, slack } = this;
    const { start: itemStart, end: itemEnd, store: freeStore, cost: freeCost } = this.copy;
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
