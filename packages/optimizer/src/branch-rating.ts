import type { CandidateCopy } from './bound';
import { UNCOVERED } from './local-search';

/** Per-store scratch for the branch choice, reused across nodes. */
export class BranchScratch {
  /** What each store would save if opened now on the node's caps (visit cost not included). */
  readonly saving: Float64Array;
  /** Estimated rise of the bound in the open / closed child of each tight store. */
  readonly openRise: Float64Array;
  readonly closedRise: Float64Array;
  /** One item's tight stores priced under its dual, cheapest first. */
  readonly prefixStore: Int32Array;
  readonly prefixPrice: Float64Array;

  constructor(nStores: number) {
    this.saving = new Float64Array(nStores);
    this.openRise = new Float64Array(nStores);
    this.closedRise = new Float64Array(nStores);
    this.prefixStore = new Int32Array(nStores);
    this.prefixPrice = new Float64Array(nStores);
  }
}

/**
 * Estimates, from the node's duals v and slacks, how far the dual ascent will raise the bound in
 * each child of every tight free store. It reads the last ascent's candidate copy (free stores under
 * the caps only), each item's list only up to the first tight store priced above v_j: on near-equal
 * prices (adv:flat-prices) reading the full candidate lists to the cap made this a fifth of a solve.
 *
 * Open child: the store's prices cap the duals (v_j <= c_sj), which hands slack back to the other
 * tight stores priced under v_j; that freed slack is what the child's ascent can lift again. Per item
 * it is the sum over the other tight stores u under v_j of v_j - max(c_sj, c_uj).
 * Closed child: an item whose only tight store at or under v_j is this one is no longer blocked, and
 * its dual can rise to the next tight store's price (or the cap), as far as the slack of the free
 * stores priced in between allows.
 *
 * Against a one-ascent probe of both children on the slowest iid lists (rank correlation per node):
 * open 0.81-0.90, closed 0.71-0.86; the store's saving (the old rule) -0.7-0.4.
 */
export function estimateChildRises(
  copy: CandidateCopy,
  slack: Float64Array,
  cap: Float64Array,
  lambda: number,
  v: Float64Array,
  scratch: BranchScratch,
): void {
  const { start, end, store, cost } = copy;
  const { openRise, closedRise, prefixStore, prefixPrice } = scratch;
  openRise.fill(0);
  closedRise.fill(0);
  for (let j = 0; j < v.length; j++) {
    const vj = v[j]!;
    const last = end[j]!;
    let under = 0;
    let blockers = 0;
    let blocker = -1;
    let next = cap[j]! === Infinity ? UNCOVERED : cap[j]!;
    let room = Infinity;
    for (let t = start[j]!; t < last; t++) {
      const price = cost[t]!;
      // Past v_j only the closed-child estimate of a single blocker needs more of the list.
      if (price > vj && blockers !== 1) break;
      const s = store[t]!;
      const rest = slack[s]! - lambda;
      if (rest <= 0) {
        if (price > vj) {
          next = price;
          break;
        }
        blockers++;
        blocker = s;
        if (price < vj) {
          prefixStore[under] = s;
          prefixPrice[under++] = price;
        }
      } else {
        // Lifting v_j by d spends d - max(0, price - v_j) of this store's slack.
        const limit = price > vj ? rest + price - vj : rest;
        if (limit < room) room = limit;
      }
    }
    if (blockers === 1) closedRise[blocker]! += next - vj < room ? next - vj : room;
    // Store k of the prefix frees v_j - c_kj from each cheaper one and v_j - c_uj from each dearer u.
    let dearer = 0;
    for (let k = under - 1; k >= 0; k--) {
      const gap = vj - prefixPrice[k]!;
      openRise[prefixStore[k]!]! += k * gap + dearer;
      dearer += gap;
    }
  }
}
