import { FREE } from './local-search';
import type { DenseProblem } from './prepare';

/**
 * Per item, the free stores that sell it under a node's cap, cheapest first: what the dual ascent
 * reads on every level pass. Deep in the tree about half of an item's list is closed stores, so
 * copying the free ones once beats skipping the closed ones on every pass (no store limit, iid
 * prices: 1.2-1.26x). Going down the tree caps only fall and stores only leave the free set, so a
 * node's copy is its parent's copy filtered, not a rescan of the full lists.
 */
export class FreeCandidates {
  readonly store: Int32Array;
  readonly cost: Float64Array;
  readonly start: Int32Array;
  readonly end: Int32Array;

  constructor(nItems: number, capacity: number) {
    this.store = new Int32Array(capacity);
    this.cost = new Float64Array(capacity);
    this.start = new Int32Array(nItems);
    this.end = new Int32Array(nItems);
  }

  /** Rebuilds the copy from the problem's price-sorted candidate lists. */
  fillFromLists(p: DenseProblem, status: Uint8Array, cap: Float64Array): void {
    const { nItems, candStart, candStore, candCost } = p;
    const { store, cost, start, end } = this;
    let w = 0;
    for (let j = 0; j < nItems; j++) {
      const c = cap[j]!;
      const stop = candStart[j + 1]!;
      start[j] = w;
      for (let t = candStart[j]!; t < stop; t++) {
        const price = candCost[t]!;
        if (price >= c) break;
        const s = candStore[t]!;
        if (status[s] !== FREE) continue;
        store[w] = s;
        cost[w++] = price;
      }
      end[j] = w;
    }
  }

  /**
   * Filters `source` (this copy itself, or the parent node's) to the stores still free and the
   * prices under `cap`. Valid only when caps have not risen and no store has become free since
   * `source` was filled. In place, writes never overtake reads: the copy only shrinks.
   */
  fillFrom(source: FreeCandidates, status: Uint8Array, cap: Float64Array): void {
    const { store, cost, start, end } = this;
    const nItems = start.length;
    let w = 0;
    for (let j = 0; j < nItems; j++) {
      const c = cap[j]!;
      const from = source.start[j]!;
      const stop = source.end[j]!;
      start[j] = w;
      for (let t = from; t < stop; t++) {
        const price = source.cost[t]!;
        if (price >= c) break;
        const s = source.store[t]!;
        if (status[s] !== FREE) continue;
        cost[w] = price;
        store[w++] = s;
      }
      end[j] = w;
    }
  }
}
