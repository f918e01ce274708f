import { DualBound, sumMostNegative } from './bound';
import { BranchScratch } from './branch-rating';
import { fixByReducedCost, pickBranchStore, type NodeBound } from './branching';
import { CLOSED, FREE, OPEN, UNCOVERED, evaluateSet, improveSet, priceOnCaps } from './local-search';
import type { DenseProblem } from './prepare';
import { SmallLimitSearch, type ModularBound } from './small-limit';
import { planRootBound, type RootBoundPlan } from './small-limit-bounds';

/**
 * Up to this many free slots, enumeration with exact savings beats the dual-ascent branch and bound on
 * every price family; at six it loses on chain prices.
 */
const SMALL_LIMIT = 5;

/**
 * Reduced-cost fixing closes stores, which raises the next ascent's bound, which may close more:
 * repeated until nothing closes (capped), which opens fewer nodes than a fixed few rounds.
 */
const FIXING_ROUNDS = 12;

/**
 * Depth-first branch and bound over "store open / store closed" decisions. Every node is pruned
 * with the Lagrangian/dual-ascent bound, so the result is a proven optimum; the local search only
 * supplies incumbents. Node state is the store status array plus, per item, the cheapest price among
 * the stores opened so far (capped by the item's penalty).
 */
export class SplitCartSearch {
  bestCost = Infinity;
  bestSet: number[] = [];
  nodes = 0;
  /** Set when the deadline passed before the search finished: bestSet is then a plan, not a proven optimum. */
  isStopped = false;
  /** The root's bound (reduced terms): what an unfinished search can still promise about the optimum. */
  rootBound = -Infinity;
  /** performance.now() past which the branch and bound stops (the small-limit enumeration does not). */
  private deadline = Infinity;
  private readonly status: Uint8Array;
  private readonly bound: DualBound;
  private readonly scratch: number[] = [];
  private readonly baseCap: Float64Array;
  private readonly bestV: Float64Array;
  private readonly bestSlack: Float64Array;
  private readonly branchScratch: BranchScratch;
  private readonly heuristicCap: Float64Array;
  private readonly lastHeuristic: { cap: Float64Array | null; set: number[] } = { cap: null, set: [] };
  /** The node and caps of the last ascent: later ascents there filter its candidate copy. */
  private ascentNode = -1;
  /** Set while reduced-cost fixing re-bounds a node: its dual heuristic is skipped then. */
  private isInFixing = false;
  private ascentCap: Float64Array | null = null;
  /** Whether the root's dual-heuristic set is polished by local search (see RootBoundPlan). */
  private isRootPolished = true;

  constructor(private readonly p: DenseProblem) {
    this.status = new Uint8Array(p.nStores);
    this.bound = new DualBound(p);
    this.baseCap = Float64Array.from(p.penalty);
    this.bestV = new Float64Array(p.nItems);
    this.bestSlack = new Float64Array(p.nStores);
    this.branchScratch = new BranchScratch(p.nStores);
    this.heuristicCap = new Float64Array(p.nItems);
  }

  run(deadline = Infinity): void {
    this.deadline = deadline;
    const { p, status } = this;
    let fOpen = 0;
    const cap = Float64Array.from(this.baseCap);
    for (const s of p.forcedOpen) {
      status[s] = OPEN;
      fOpen += p.visit[s]!;
      this.lowerCap(cap, s);
    }
    if (p.forcedOpen.length > p.limit) return;
    const slots = p.limit - p.forcedOpen.length;
    if (slots <= SMALL_LIMIT && slots < this.countFree()) {
      // The incumbent comes from the root's dual heuristic polished by local search (inside
      // collectModularBounds) when there is a root bound; otherwise the enumeration finds its own.
      const plan = planRootBound(slots);
      const modular = plan ? this.collectModularBounds(cap, fOpen, slots, plan) : [];
      const small = new SmallLimitSearch(p, status, this.bestCost, this.bestSet, slots, modular, plan?.isOrderedByRho ?? false);
      small.run();
      this.nodes = small.nodes;
      // Branch bounds may also have found (and pruned against) a better set here: keep the best.
      if (small.bestCost < this.bestCost && small.bestCost < UNCOVERED) [this.bestCost, this.bestSet] = [small.bestCost, small.bestSet];
      return;
    }
    // No greedy start here: the root's dual heuristic polished by local search is as good an
    // incumbent, and building both cost about a third of a solve with no store limit.
    this.explore(cap, fOpen, p.forcedOpen.length, 0, 0);
  }

  /**
   * For any dual prices v, cost(open + T) >= fOpen + sum_j v_j + sum_{s in T} rho_s for every store
   * set T: a modular lower bound the small-limit enumeration can apply to a whole branch in O(1).
   * Several multipliers around the best one give complementary bounds.
   */
  private collectModularBounds(cap: Float64Array, fOpen: number, r: number, plan: RootBoundPlan): ModularBound[] {
    this.isRootPolished = plan.isPolished;
    const root = this.computeBound(cap, fOpen, r, this.countFree(), 0, 0, plan.evaluations);
    const bounds: ModularBound[] = [];
    const snapshot = (lambda: number, sumV: number): void => {
      if (sumV === Infinity) return;
      bounds.push({ constant: fOpen + sumV, rho: Float64Array.from(this.bound.slack, (slack) => slack - lambda) });
    };
    // computeBound leaves the best multiplier's duals in place: no need to ascend again for it.
    let rootSum = 0;
    for (let j = 0; j < this.p.nItems; j++) rootSum += this.bound.v[j]!;
    snapshot(root.lambda, root.value === Infinity ? Infinity : rootSum);
    if (!plan.isWidened) return bounds;
    for (const lambda of new Set([Math.round(root.lambda * 0.6), Math.round(root.lambda * 1.6)])) {
      if (lambda !== root.lambda) snapshot(lambda, this.ascend(cap, lambda));
    }
    return bounds;
  }

  private offer(set: number[]): void {
    const value = evaluateSet(this.p, set);
    if (value < this.bestCost && value < UNCOVERED) {
      this.bestCost = value;
      this.bestSet = [...set].sort((a, b) => a - b);
    }
  }

  private lowerCap(cap: Float64Array, s: number): void {
    const { nItems, cost } = this.p;
    const off = s * nItems;
    for (let j = 0; j < nItems; j++) if (cost[off + j]! < cap[j]!) cap[j] = cost[off + j]!;
  }

  private countFree(): number {
    let count = 0;
    for (let s = 0; s < this.p.nStores; s++) if (this.status[s] === FREE) count++;
    return count;
  }

  private openStores(): number[] {
    const open: number[] = [];
    for (let s = 0; s < this.p.nStores; s++) if (this.status[s] === OPEN) open.push(s);
    return open;
  }

  private explore(cap: Float64Array, fOpen: number, openCount: number, depth: number, lambdaHint: number): void {
    if (this.isOutOfTime()) return;
    this.nodes++;
    const { p, status } = this;
    const r = p.limit - openCount;
    let freeCount = this.countFree();
    if (r === 0 || freeCount === 0) {
      let total = fOpen;
      for (let j = 0; j < p.nItems; j++) total += cap[j]!;
      if (total < this.bestCost) this.offer(this.openStores());
      return;
    }
    if (r === 1) {
      this.completeWithOneStore(cap, fOpen);
      return;
    }
    const closedHere: number[] = [];
    let bound = this.computeBound(cap, fOpen, r, freeCount, depth, lambdaHint);
    let forcedOpen = -1;
    for (let round = 0; round < FIXING_ROUNDS && bound.value < this.bestCost; round++) {
      const result = fixByReducedCost(p, status, this.bound.slack, bound, r, this.bestCost, closedHere);
      forcedOpen = result.forcedOpen;
      if (!result.hasClosed || forcedOpen >= 0) break;
      freeCount = this.countFree();
      this.isInFixing = true;
      bound = this.computeBound(cap, fOpen, r, freeCount, depth, bound.lambda);
      this.isInFixing = false;
    }
    if (depth === 0) this.rootBound = Math.min(bound.value, this.bestCost);
    if (bound.value < this.bestCost) {
      const duals = r >= freeCount ? this.bound : null;
      const branch =
        forcedOpen >= 0 ? forcedOpen : pickBranchStore(p, status, this.bound.slack, cap, bound.lambda, this.branchScratch, duals);
      if (branch >= 0) {
        const childCap = Float64Array.from(cap);
        this.lowerCap(childCap, branch);
        status[branch] = OPEN;
        this.explore(childCap, fOpen + p.visit[branch]!, openCount + 1, depth + 1, bound.lambda);
        status[branch] = CLOSED;
        if (forcedOpen < 0) this.explore(cap, fOpen, openCount, depth + 1, bound.lambda);
        status[branch] = FREE;
      }
    }
    for (const s of closedHere) status[s] = FREE;
  }

  /** Reads the clock every 16 nodes, and never before the root has supplied an incumbent. */
  private isOutOfTime(): boolean {
    if (this.isStopped) return true;
    if (this.deadline === Infinity || this.nodes === 0 || (this.nodes & 15) !== 0) return false;
    this.isStopped = performance.now() > this.deadline;
    return this.isStopped;
  }

  /** With one slot left the best completion is found by trying each free store: exact and cheap. */
  private completeWithOneStore(cap: Float64Array, fOpen: number): void {
    const { p, status } = this;
    let base = fOpen;
    for (let j = 0; j < p.nItems; j++) base += cap[j]!;
    let bestValue = base;
    let bestStore = -1;
    for (let s = 0; s < p.nStores; s++) {
      if (status[s] !== FREE) continue;
      const off = s * p.nItems;
      let total = fOpen + p.visit[s]!;
      for (let j = 0; j < p.nItems && total < bestValue; j++) {
        const c = p.cost[off + j]!;
        total += c < cap[j]! ? c : cap[j]!;
      }
      if (total < bestValue) {
        bestValue = total;
        bestStore = s;
      }
    }
    if (bestValue < this.bestCost) {
      const set = this.openStores();
      if (bestStore >= 0) set.push(bestStore);
      this.offer(set);
    }
  }

  /**
   * Every ascent at one node uses that node's caps, and between them stores are only closed (by
   * reduced-cost fixing), so all but the first filter the previous ascent's candidate copies.
   */
  private ascend(cap: Float64Array, lambda: number): number {
    const isSameCaps = this.ascentNode === this.nodes && this.ascentCap === cap;
    this.ascentNode = this.nodes;
    this.ascentCap = cap;
    return this.bound.ascend(this.status, cap, lambda, isSameCaps);
  }

  private evaluateLambda(cap: Float64Array, fOpen: number, r: number, lambda: number): number {
    const sumV = this.ascend(cap, lambda);
    if (sumV === Infinity) return Infinity;
    return fOpen + sumV + sumMostNegative(this.status, this.bound.slack, lambda, r, this.scratch);
  }

  /**
   * Any lambda gives a valid bound, so the store-limit multiplier is tuned by a pattern search at
   * the root only; children start from their parent's multiplier and try one step either side.
   * The duals of the best multiplier are snapshotted so they need not be recomputed afterwards.
   * Six evaluations at the root are enough: the last steps of a longer search refine the bound by
   * less than they cost.
   */
  private computeBound(
    cap: Float64Array,
    fOpen: number,
    r: number,
    freeCount: number,
    depth: number,
    hint: number,
    rootEvaluations = 6,
  ): NodeBound {
    if (r >= freeCount) return this.finishBound(cap, fOpen, r, depth, { value: this.evaluateLambda(cap, fOpen, r, 0), lambda: 0 });
    const best = { value: -Infinity, lambda: hint };
    let lastLambda = NaN;
    const tryLambda = (lambda: number): number => {
      const value = this.evaluateLambda(cap, fOpen, r, lambda);
      lastLambda = lambda;
      if (value > best.value) {
        Object.assign(best, { value, lambda });
        this.bestV.set(this.bound.v);
        this.bestSlack.set(this.bound.slack);
      }
      return value;
    };
    let lambda = hint;
    if (depth === 0) {
      const atZero = tryLambda(0);
      let tight = 0;
      for (let s = 0; s < this.p.nStores; s++) if (this.status[s] === FREE && this.bound.slack[s]! <= 0) tight++;
      if (tight <= r || atZero >= this.bestCost) return this.finishBound(cap, fOpen, r, depth, best);
      lambda = Math.round(this.meanVisit()) + 1;
    }
    let value = tryLambda(lambda);
    let factor = depth === 0 ? 4 : 1.5;
    const maxEvals = depth === 0 ? rootEvaluations : 3;
    for (let evals = 1; evals < maxEvals && factor > 1.05 && best.value < this.bestCost;) {
      const up = Math.round(lambda * factor);
      evals++;
      if (tryLambda(up) > value) {
        [lambda, value] = [up, best.value];
        continue;
      }
      const down = Math.round(lambda / factor);
      evals++;
      if (tryLambda(down) > value) {
        [lambda, value] = [down, best.value];
        continue;
      }
      factor = Math.sqrt(factor);
    }
    if (lastLambda !== best.lambda) {
      this.bound.v.set(this.bestV);
      this.bound.slack.set(this.bestSlack);
    }
    return this.finishBound(cap, fOpen, r, depth, best);
  }

  /** The dual arrays hold the chosen multiplier's duals here; harvest a primal from them. */
  private finishBound(cap: Float64Array, fOpen: number, r: number, depth: number, bound: NodeBound): NodeBound {
    if (bound.value >= this.bestCost) return bound;
    // Fixing rounds only close stores the incumbent already beats; their tight sets rarely hold a
    // better plan, and pricing them costs more than they find; at the root too, where its local search in every
    // fixing round is the dearest part of a realistic list's solve.
    if (this.isInFixing) return bound;
    this.tryDualHeuristic(cap, fOpen, r, bound.lambda, depth === 0);
    return bound;
  }

  private meanVisit(): number {
    let total = 0;
    for (let s = 0; s < this.p.nStores; s++) total += this.p.visit[s]!;
    return this.p.nStores > 0 ? total / this.p.nStores : 0;
  }

  /**
   * Erlenkotter's primal: open stores whose dual slack is used up (polished by local search at the
   * root). Below the root the set is priced on the node's caps, which already hold the open stores.
   */
  private tryDualHeuristic(cap: Float64Array, fOpen: number, r: number, lambda: number, isRoot: boolean): void {
    const { p, status } = this;
    const slack = this.bound.slack;
    const chosen: number[] = [];
    for (let s = 0; s < p.nStores; s++) if (status[s] === FREE && slack[s]! - lambda <= 0) chosen.push(s);
    // Only a store limit needs the tightest stores first; without one every tight store is taken.
    const isTruncated = chosen.length > r;
    if (chosen.length > r) chosen.sort((a, b) => slack[a]! - slack[b]!);
    if (chosen.length > r) chosen.length = r;
    if (isRoot) {
      const set = [...this.openStores(), ...chosen];
      this.offer(this.isRootPolished ? improveSet(p, status, set, p.limit) : set);
      return;
    }
    // Fixing rounds and the closed child keep the node's caps and often the same tight stores: that
    // set was priced already.
    const last = this.lastHeuristic;
    if (last.cap === cap && last.set.length === chosen.length && chosen.every((s, q) => last.set[q] === s)) return;
    last.cap = cap;
    last.set = chosen;
    let total = fOpen;
    for (const s of chosen) total += p.visit[s]!;
    // With every tight store taken, the ascent's candidate copy prices the set in a short walk per
    // item instead of a full row per store.
    total += (isTruncated ? null : this.bound.priceTightStores(cap, lambda)) ?? priceOnCaps(p, cap, chosen, this.heuristicCap);
    if (total < this.bestCost && total < UNCOVERED) {
      this.bestCost = total;
      this.bestSet = [...this.openStores(), ...chosen].sort((a, b) => a - b);
    }
  }
}
