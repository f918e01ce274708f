import { FREE, OPEN } from './local-search';
import { MustBuyCover } from './must-buy-cover';
import { NodePricer } from './node-pricer';
import type { DenseProblem } from './prepare';
import { lowerInto, positionBound, savingOf, suffixTopSums, type ModularBound, type PositionedBound } from './small-limit-bounds';

export type { ModularBound } from './small-limit-bounds';

/**
 * Exact search for a small store limit (the common K = 1..4), by depth-first enumeration of store
 * sets in a fixed order. At every node the saving of each later store on the node's caps is known
 * exactly (single savings at the root, a pair table one store down, NodePricer deeper), so a branch
 * is cut when
 *   cost(S) - (sum of the r best savings still available) >= incumbent,
 * where before a child is opened each later saving is also capped by what that store saves next to
 * the child's store alone (their overlap), and by the root's Lagrangian modular bounds.
 * An uncovered must-buy item is priced one cent above its dearest offer: that leaves the cost of
 * every feasible set unchanged (and the bounds valid) without the astronomic savings a big-M would
 * add to every bound; feasibility is checked separately before a set is recorded.
 */
export class SmallLimitSearch {
  bestCost: number;
  bestSet: number[];
  nodes = 0;
  /**
   * Enumeration position -> dense store index. A typed array on purpose: a plain array's elements
   * kind depends on which tier built it, and the hot code was deoptimised on the first real solve
   * after the warm-up when it changed (measured: a 621-node solve took 208 ms, not 9).
   */
  private readonly stores: Int32Array;
  /** Per depth: candidate bounds, the best r-1 of them after each position, and the best one after it. */
  private readonly bounds: { bound: Float64Array; best: Float64Array; max: Float64Array }[] = [];
  private readonly single: Float64Array;
  private readonly visit: Float64Array;
  private readonly chosen: number[] = [];
  private readonly positions: number[] = [];
  private readonly baseCost: number;
  /** Per depth: must-buy items none of the chosen stores sells. */
  private readonly cover: MustBuyCover;

  private readonly modular: PositionedBound[] = [];
  private readonly pricer: NodePricer;
  /** Stores open before the search (forced): the first entries of `chosen`, already in the base caps. */
  private readonly forcedCount: number;
  private readonly topScratch: Float64Array;
  /** Branch bounds along the current path, each with the depth of the node that computed it. */

  constructor(
    private readonly p: DenseProblem,
    status: Uint8Array,
    incumbentCost: number,
    incumbentSet: number[],
    private readonly limit: number,
    modular: readonly ModularBound[] = [],
    isOrderedByRho = modular.length > 0,
  ) {
    this.bestCost = incumbentCost;
    this.bestSet = incumbentSet;
    const base = new Float64Array(p.nItems);
    for (let j = 0; j < p.nItems; j++) {
      base[j] = p.penalty[j]! < Infinity ? p.penalty[j]! : p.dearest[j]! + 1;
    }
    let baseCost = 0;
    const rootUncovered: number[] = [];
    const free: number[] = [];
    for (let s = 0; s < p.nStores; s++) {
      if (status[s] === FREE) free.push(s);
      if (status[s] !== OPEN) continue;
      this.chosen.push(s);
      baseCost += p.visit[s]!;
      lowerInto(p, base, s);
    }
    for (let j = 0; j < p.nItems; j++) {
      baseCost += base[j]!;
      if (p.penalty[j] === Infinity && base[j]! > p.dearest[j]!) rootUncovered.push(j);
    }
    this.baseCost = baseCost;
    this.forcedCount = this.chosen.length;
    const saving = Float64Array.from(free, (s) => savingOf(p, base, s));
    // Most promising stores first, so strong incumbents appear early and suffix bounds shrink fast.
    // Ascending reduced cost rho lets the modular bound of a late position cut (only dear stores are
    // left to add): K = 5 needs it. Where the modular bounds are only a backstop (K = 4) the
    // single-store saving order is faster.
    const rho = isOrderedByRho ? modular[0]?.rho : undefined;
    const order = rho
      ? [...free.keys()].sort((x, y) => rho[free[x]!]! - rho[free[y]!]! || saving[y]! - saving[x]!)
      : [...free.keys()].sort((x, y) => saving[y]! - saving[x]!);
    this.stores = Int32Array.from(order, (q) => free[q]!);
    this.cover = new MustBuyCover(p, this.stores, rootUncovered);
    this.single = Float64Array.from(order, (q) => saving[q]!);
    this.visit = Float64Array.from(this.stores, (s) => p.visit[s]!);
    for (const bound of modular) this.modular.push(positionBound(bound, this.stores, limit));
    this.pricer = new NodePricer(p, this.stores, this.visit, base, limit);
    this.topScratch = new Float64Array(Math.max(1, limit));
  }

  run(): void {
    const limit = this.limit;
    if (this.baseCost < this.bestCost && this.cover.count(0) === 0) this.record(this.baseCost);
    if (limit <= 0 || this.stores.length === 0) return;
    this.explore(0, this.baseCost, limit, -1);
  }

  private record(cost: number): void {
    this.bestCost = cost;
    this.bestSet = this.chosen.slice().sort((a, b) => a - b);
  }

  /** `last` is the position of the most recently added store; children only add later positions. */
  private explore(depth: number, cost: number, r: number, last: number): void {
    this.nodes++;
    const { stores } = this;
    const n = stores.length;
    for (const m of this.modular) {
      if (m.constant + m.pathSum[depth]! + m.suffixNeg[r]![last + 1]! >= this.bestCost) return;
    }
    // Per-depth buffers: a node's arrays stay valid while its children use deeper ones.
    while (this.bounds.length <= depth)
      this.bounds.push({ bound: new Float64Array(n), best: new Float64Array(n + 1), max: new Float64Array(n + 1) });
    const { bound, best: suffixBest, max: suffixMax } = this.bounds[depth]!;
    if (r === 1 && depth >= 2) {
      this.exploreLastSlot(depth, cost, last, this.bounds[depth - 1]!.bound);
      return;
    }
    this.boundExactly(depth, last, bound);
    suffixTopSums(bound, last + 1, n, r - 1, suffixBest);
    suffixMax[n] = -Infinity;
    for (let k = n - 1; k > last; k--) suffixMax[k] = k + 1 < n && bound[k + 1]! > suffixMax[k + 1]! ? bound[k + 1]! : suffixMax[k + 1]!;
    const isLastSlotChild = r === 2 && depth >= 1;
    for (let k = last + 1; k < n; k++) {
      const ub = bound[k]!;
      // A store that saves nothing may still be needed to cover a must-buy item: the modified cost
      // of an infeasible set is not a cost we can compare against, so only skip it when all is covered.
      if (ub <= 0 && this.cover.count(depth) === 0) continue;
      if (cost - ub - suffixBest[k]! >= this.bestCost || this.isCutByModular(depth, k, r)) continue;
      const saving = ub;
      // Written as the child's set: valid until the next sibling overwrites it, after the child is done.
      const missing = this.cover.coverWith(depth, k);
      if (saving <= 0 && missing === this.cover.count(depth)) continue;
      const childCost = cost - saving;
      if (missing > 0) {
        if (!this.cover.canStillCover(depth + 1, k, r - 1)) continue;
        // Covering the rest takes at least one more store even when every later store costs more
        // than it saves (flat prices): its best bound counts even if negative.
        const completion = suffixBest[k]! > 0 ? suffixBest[k]! : suffixMax[k]!;
        if (childCost - completion >= this.bestCost) continue;
      }
      this.chosen.push(stores[k]!);
      if (childCost < this.bestCost && missing === 0) this.record(childCost);
      // With the exact child cost known, the child is only worth opening if the best later
      // savings (bounded as at this node) could still take it under the incumbent. A last-slot
      // child screens each candidate by the same paired bound itself: no need to run it twice.
      if (
        r > 1 &&
        k + 1 < n &&
        (missing > 0 ||
          (childCost - suffixBest[k]! < this.bestCost &&
            (isLastSlotChild || childCost - this.pairedCompletion(bound, k, r - 1) < this.bestCost)))
      ) {
        for (const m of this.modular) m.pathSum[depth + 1] = m.pathSum[depth]! + m.rho[k]!;
        this.positions[depth] = k;
        this.explore(depth + 1, childCost, r - 1, k);
      }
      this.chosen.pop();
    }
  }

  /**
   * The last slot of a branch: candidates are screened by their exact saving on the parent's caps
   * and by what they save next to the newest store alone, at K = 4 also block by block on the pairs
   * of the branch's stores (PairBlocks: on k4-iid it rejects about 95 % of the candidates pricing
   * used to reject), and only survivors are priced exactly.
   */
  private exploreLastSlot(depth: number, cost: number, last: number, parentBound: Float64Array): void {
    const { stores, pricer } = this;
    const n = stores.length;
    const isCovered = this.cover.count(depth) === 0;
    // The block screen (store limit 4): the pairs among the branch's last three stores.
    const blocks = depth >= 3 ? pricer.blocks : null;
    const a = blocks ? this.positions[depth - 3]! : -1;
    const b = blocks ? this.positions[depth - 2]! : -1;
    pricer.beginLastSlot(this.chosen, this.forcedCount);
    if (blocks && blocks.canScreen && blocks.hasRows(a, b, last)) {
      this.exploreScreened(depth, cost, last, parentBound, blocks.screen(a, b, last, cost - this.bestCost));
      return;
    }
    pricer.ensureRow(last);
    const pairRow = last * n;
    let hasRows = false;
    let rowsAB = 0;
    let rowsAC = 0;
    let rowsBC = 0;
    for (let k = last + 1; k < n; k++) {
      const single = parentBound[k]!;
      const pair = pricer.pairTotal[pairRow + k]!;
      const ub = pair < single ? pair : single;
      if (ub <= 0 && isCovered) continue;
      const threshold = cost - this.bestCost;
      if (ub <= threshold || this.isCutByModular(depth, k, 1)) continue;
      const s = stores[k]!;
      if (!isCovered && this.cover.countAfter(depth, k) > 0) continue;
      if (blocks) {
        if (!hasRows) {
          hasRows = true;
          rowsAB = blocks.rowsOf(a, b);
          rowsAC = blocks.rowsOf(a, last);
          rowsBC = blocks.rowsOf(b, last);
        }
        const visit = this.visit[k]!;
        if (blocks.totalOf(rowsAC, k) - visit <= threshold || blocks.totalOf(rowsBC, k) - visit <= threshold) continue;
        if (blocks.boundOf(rowsAB, rowsAC, rowsBC, k) - visit <= threshold) continue;
      }
      const saving = pricer.priceLast(k, single, threshold);
      if (saving <= threshold) continue;
      this.chosen.push(s);
      this.record(cost - saving);
      this.chosen.pop();
    }
  }

  /**
   * The last slot once its three pairs' block rows exist (nearly every node on iid prices): one
   * kernel call bounds every candidate, and the JS loop, about half of a k4-iid solve before, only
   * sees the few survivors. The block bound is below both screens of the loop above (the least pair
   * total is at most the parent's and the newest pair's savings), so only the cover and modular tests
   * remain; the exact price decides against the current incumbent.
   */
  private exploreScreened(depth: number, cost: number, last: number, parentBound: Float64Array, count: number): void {
    const { stores, pricer } = this;
    const blocks = pricer.blocks!;
    const isCovered = this.cover.count(depth) === 0;
    for (let i = 0; i < count; i++) {
      const k = blocks.survivor(i, last);
      if (this.isCutByModular(depth, k, 1)) continue;
      if (!isCovered && this.cover.countAfter(depth, k) > 0) continue;
      const threshold = cost - this.bestCost;
      const saving = pricer.priceLast(k, parentBound[k]!, threshold);
      if (saving <= threshold) continue;
      this.chosen.push(stores[k]!);
      this.record(cost - saving);
      this.chosen.pop();
    }
  }

  /**
   * The best `slots` savings still available after adding position k, each bounded both by its saving
   * here and by what it saves next to k alone (which sees their overlap): a sharper test than the
   * suffix sums before a child is opened.
   */
  private pairedCompletion(bound: Float64Array, k: number, slots: number): number {
    this.pricer.ensureRow(k);
    const n = this.stores.length;
    const row = k * n;
    const pairTotal = this.pricer.pairTotal;
    // The best `slots` values, kept sorted descending (slots is at most the small store limit).
    const top = this.topScratch;
    top.fill(0, 0, slots);
    for (let l = k + 1; l < n; l++) {
      const single = bound[l]!;
      const pair = pairTotal[row + l]!;
      let value = pair < single ? pair : single;
      if (value <= top[slots - 1]!) continue;
      for (let q = 0; q < slots; q++) {
        if (value <= top[q]!) continue;
        const moved = top[q]!;
        top[q] = value;
        value = moved;
      }
    }
    let sum = 0;
    for (let q = 0; q < slots; q++) sum += top[q]!;
    return sum;
  }

  /**
   * Every candidate's exact saving on this node's caps (visit cost included): from the single-store
   * savings at the root, the pair table one store down, and one pass over the price lists deeper.
   */
  private boundExactly(depth: number, last: number, bound: Float64Array): void {
    const n = this.stores.length;
    if (depth === 0) {
      bound.set(this.single);
      return;
    }
    if (depth === 1) {
      const a = this.positions[0]!;
      this.pricer.ensureRow(a);
      const row = a * n;
      for (let k = last + 1; k < n; k++) bound[k] = this.pricer.pairTotal[row + k]!;
      return;
    }
    const { blocks } = this.pricer;
    if (blocks && depth === 2) {
      // The last slot's block screen needs this pair's rows anyway: their totals are the exact savings.
      const rows = blocks.rowsOf(this.positions[0]!, last);
      for (let k = last + 1; k < n; k++) bound[k] = blocks.totalOf(rows, k) - this.visit[k]!;
      return;
    }
    this.pricer.priceAll(this.chosen, this.forcedCount, last, bound);
  }

  private isCutByModular(depth: number, k: number, r: number): boolean {
    for (const m of this.modular) {
      const rest = m.suffixNeg[r - 1]![k + 1]!;
      if (m.constant + m.pathSum[depth]! + m.rho[k]! + rest >= this.bestCost) return true;
    }
    return false;
  }
}
