import type { DenseProblem } from './prepare';
import { borrowScratch } from './scratch';
import { PAIR_BLOCK_CAP_SLOTS, PairBlocks, planPairBlocks } from './pair-blocks';
import { IntPriceTable } from './simd-kernels';
import { lowerInto } from './small-limit-bounds';

/**
 * Exact savings for the small-limit enumeration: what each candidate store (by enumeration position)
 * saves on the caps of a branch's stores, visit cost included. With the SIMD kernels every price is
 * a full int32 row four items at a time; without them (no WebAssembly SIMD, or prices too large for
 * int32 sums) the scalar paths read the price-sorted candidate lists or only the items that changed.
 */
export class NodePricer {
  /** pairTotal[a * n + k] (k after a): what k saves once a is open, visit cost included. */
  readonly pairTotal: Float64Array;
  /** Int32 prices for the kernels (cap slots: 0 base, 1 pair rows, 2 node), or null: scalar loops. */
  private readonly table: IntPriceTable | null;
  /** The last slot's block screen (store limit 4 with the SIMD kernels), or null. */
  readonly blocks: PairBlocks | null;
  /** The last slot lowers the node's caps only once a candidate survives the screens. */
  private pendingPath: readonly number[] | null = null;
  private pendingFrom = 0;
  private readonly rowReady: Uint8Array;
  private readonly withA: Float64Array;
  private readonly nodeCap: Float64Array;
  private readonly savings: Float64Array;
  /** Scalar last slot: the items the newest store undercuts, with the parent's cap and its price. */
  private readonly beatIdx: Int32Array;
  private readonly beatCap: Float64Array;
  private readonly beatNew: Float64Array;
  private beatCount = 0;

  constructor(
    private readonly p: DenseProblem,
    private readonly stores: Int32Array,
    private readonly visit: Float64Array,
    private readonly base: Float64Array,
    limit: number,
  ) {
    const n = stores.length;
    // Rows are written in full (ensureRow) before any entry of them is read: no clearing needed.
    this.pairTotal = borrowScratch('pair-totals', limit >= 2 ? n * n : 0);
    // The row stride is known before the table exists: the block rows' region is reserved with it.
    const layout = limit === 4 ? planPairBlocks((p.nItems + 3) & ~3, n) : null;
    this.table = limit >= 2 ? IntPriceTable.create(p, base, layout ? PAIR_BLOCK_CAP_SLOTS : 3, layout?.bytes ?? 0) : null;
    this.blocks = this.table && layout ? new PairBlocks(this.table, stores, layout, visit) : null;
    this.rowReady = new Uint8Array(n);
    this.withA = new Float64Array(p.nItems);
    this.nodeCap = new Float64Array(p.nItems);
    this.savings = new Float64Array(p.nStores);
    this.beatIdx = new Int32Array(p.nItems);
    this.beatCap = new Float64Array(p.nItems);
    this.beatNew = new Float64Array(p.nItems);
  }

  /**
   * Positions only grow along a branch, so only pairs (a, k) with k after a are ever needed; each
   * row is filled the first time a branch through a needs it.
   */
  ensureRow(a: number): void {
    if (this.rowReady[a]) return;
    this.rowReady[a] = 1;
    const { p, stores, pairTotal, visit, table, withA } = this;
    const n = stores.length;
    if (table) {
      table.lower(0, stores[a]!, 1);
      for (let k = a + 1; k < n; k++) pairTotal[a * n + k] = table.saving(1, stores[k]!) - visit[k]!;
      return;
    }
    const { nItems, cost } = p;
    withA.set(this.base);
    lowerInto(p, withA, stores[a]!);
    for (let k = a + 1; k < n; k++) {
      const offK = stores[k]! * nItems;
      let sum = -visit[k]!;
      for (let j = 0; j < nItems; j++) {
        const d = withA[j]! - cost[offK + j]!;
        // Branch-free on purpose: the sign of d is random, and a mispredicted branch doubled this loop.
        sum += d > 0 ? d : 0;
      }
      pairTotal[a * n + k] = sum;
    }
  }

  /** bound[k] for every position k after `last`: its exact saving on the base lowered by `path`. */
  priceAll(path: readonly number[], from: number, last: number, bound: Float64Array): void {
    const n = this.stores.length;
    const { table, stores, visit } = this;
    if (table) {
      this.pendingPath = null;
      this.lowerTable(path, from, path.length);
      for (let k = last + 1; k < n; k++) bound[k] = table.saving(2, stores[k]!) - visit[k]!;
      return;
    }
    this.lowerScalar(path, from, path.length);
    this.fillSavings(this.nodeCap);
    for (let k = last + 1; k < n; k++) bound[k] = this.savings[stores[k]!]! - visit[k]!;
  }

  /** Prepares `priceLast` for the node whose stores are `path` (its newest store last). */
  beginLastSlot(path: readonly number[], from: number): void {
    if (this.table) {
      this.pendingPath = path;
      this.pendingFrom = from;
      return;
    }
    // The parent's caps, and the items on which the newest store undercuts them.
    this.lowerScalar(path, from, path.length - 1);
    const { nItems, cost } = this.p;
    const capP = this.nodeCap;
    const newOff = path[path.length - 1]! * nItems;
    let beat = 0;
    for (let j = 0; j < nItems; j++) {
      const c = cost[newOff + j]!;
      if (c < capP[j]!) {
        this.beatIdx[beat] = j;
        this.beatCap[beat] = capP[j]!;
        this.beatNew[beat++] = c;
      }
    }
    this.beatCount = beat;
  }

  /**
   * Exact saving of position k on the node's caps, or some value <= threshold once it cannot exceed
   * the threshold. `single` is k's exact saving on the parent's caps: the scalar path subtracts what
   * the newest store already takes, reading only the items it undercut (about a third of a row).
   */
  priceLast(k: number, single: number, threshold: number): number {
    const s = this.stores[k]!;
    if (this.table) {
      const path = this.pendingPath;
      if (path) {
        this.lowerTable(path, this.pendingFrom, path.length);
        this.pendingPath = null;
      }
      return this.table.saving(2, s) - this.visit[k]!;
    }
    const { beatIdx, beatCap, beatNew, beatCount } = this;
    const cost = this.p.cost;
    const off = s * this.p.nItems;
    let saving = single;
    // The saving only falls as items are read: stop as soon as it can no longer beat the threshold.
    for (let q = 0; q < beatCount && saving > threshold;) {
      const stop = q + 32 < beatCount ? q + 32 : beatCount;
      for (; q < stop; q++) {
        const c = cost[off + beatIdx[q]!]!;
        const hi = c > beatNew[q]! ? c : beatNew[q]!;
        const d = beatCap[q]! - hi;
        saving -= d > 0 ? d : 0;
      }
    }
    return saving;
  }

  private lowerTable(path: readonly number[], from: number, to: number): void {
    const table = this.table!;
    table.lower(0, path[from]!, 2);
    for (let i = from + 1; i < to; i++) table.lower(2, path[i]!, 2);
  }

  private lowerScalar(path: readonly number[], from: number, to: number): void {
    this.nodeCap.set(this.base);
    for (let i = from; i < to; i++) lowerInto(this.p, this.nodeCap, path[i]!);
  }

  /**
   * Savings of every store on `cap` from the per-item price-sorted candidate lists: only stores
   * cheaper than an item's cap are touched, a small prefix once two or more good stores are open.
   */
  private fillSavings(cap: Float64Array): void {
    const { candStart, candStore, candCost, nItems } = this.p;
    const savings = this.savings;
    savings.fill(0);
    for (let j = 0; j < nItems; j++) {
      const c = cap[j]!;
      const end = candStart[j + 1]!;
      for (let t = candStart[j]!; t < end; t++) {
        const price = candCost[t]!;
        if (price >= c) break;
        savings[candStore[t]!]! += c - price;
      }
    }
  }
}
