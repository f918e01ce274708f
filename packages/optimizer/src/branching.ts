import type { CandidateCopy, DualBound } from './bound';
import { estimateChildRises, type BranchScratch } from './branch-rating';
import { CLOSED, FREE, UNCOVERED } from './local-search';
import type { DenseProblem } from './prepare';

/** A node's Lagrangian bound and the store-limit multiplier it was found with. */
export interface NodeBound {
  value: number;
  lambda: number;
}

/**
 * Lagrangian reduced-cost tests. Forcing a free store open adds its rho to the bound (displacing
 * the weakest selected store when the limit is full); forcing a selected store closed removes its
 * rho. Stores whose forced state cannot beat the incumbent get the opposite state: closed ones are
 * marked CLOSED in `status` and listed in `closedHere`; a store that must open is returned.
 */
export function fixByReducedCost(
  p: DenseProblem,
  status: Uint8Array,
  slack: Float64Array,
  bound: NodeBound,
  r: number,
  incumbent: number,
  closedHere: number[],
): { hasClosed: boolean; forcedOpen: number } {
  const negatives: number[] = [];
  for (let s = 0; s < p.nStores; s++) if (status[s] === FREE && slack[s]! - bound.lambda < 0) negatives.push(s);
  negatives.sort((a, b) => slack[a]! - slack[b]!);
  const selected = Math.min(r, negatives.length);
  const worstSelected = selected === r && selected > 0 ? slack[negatives[selected - 1]!]! - bound.lambda : 0;
  const nextOut = negatives.length > selected ? slack[negatives[selected]!]! - bound.lambda : 0;
  const isSelected = new Uint8Array(p.nStores);
  for (let q = 0; q < selected; q++) isSelected[negatives[q]!] = 1;
  let hasClosed = false;
  let forcedOpen = -1;
  for (let s = 0; s < p.nStores; s++) {
    if (status[s] !== FREE) continue;
    const rho = slack[s]! - bound.lambda;
    if (isSelected[s]) {
      if (forcedOpen < 0 && bound.value - rho + nextOut >= incumbent) forcedOpen = s;
    } else if (bound.value + rho - worstSelected >= incumbent) {
      status[s] = CLOSED;
      closedHere.push(s);
      hasClosed = true;
    }
  }
  return { hasClosed, forcedOpen };
}

/**
 * Branch on the tight store that would save the most if opened now (any free store when none is
 * tight). Savings come from the price-sorted candidate lists, reading only offers under an item's
 * cap: deep in the tree that is a few per item, where a row per tight store reads every item.
 *
 * Given the node's last dual ascent (no store limit binds there), a tight store is rated instead by
 * the product of its children's estimated bound rises (estimateChildRises), the product rule MIP
 * solvers apply to strong-branching probes, without the probes. The slowest iid list went from 583 to
 * 261 nodes, 120 iid lists from 14,754 to 10,032, 120 chain-priced lists from 2,574 to 1,394. Not used
 * under a binding store limit (K >= 6): there it doubled the nodes (iid, K = 7), since the estimates
 * assume every tight store is open in the dual heuristic's plan.
 */
export function pickBranchStore(
  p: DenseProblem,
  status: Uint8Array,
  slack: Float64Array,
  cap: Float64Array,
  lambda: number,
  scratch: BranchScratch,
  duals: DualBound | null = null,
): number {
  const copy = duals?.freeCandidates();
  if (duals && copy) {
    const best = pickByRises(p, status, slack, cap, lambda, duals.v, copy, scratch);
    if (best >= 0) return best;
  }
  const saving = scratch.saving;
  fillSavings(p, cap, saving);
  let best = -1;
  let bestScore = -Infinity;
  let isTightOnly = false;
  for (let s = 0; s < p.nStores; s++) {
    if (status[s] !== FREE) continue;
    const isTight = slack[s]! - lambda <= 0;
    if (isTightOnly && !isTight) continue;
    const score = saving[s]! - p.visit[s]!;
    if ((isTight && !isTightOnly) || score > bestScore) {
      isTightOnly ||= isTight;
      [best, bestScore] = [s, score];
    }
  }
  return best;
}

/** The tight free store with the largest product of its children's estimated rises; -1 if none is tight. */
function pickByRises(
  p: DenseProblem,
  status: Uint8Array,
  slack: Float64Array,
  cap: Float64Array,
  lambda: number,
  v: Float64Array,
  copy: CandidateCopy,
  scratch: BranchScratch,
): number {
  estimateChildRises(copy, slack, cap, lambda, v, scratch);
  let best = -1;
  let bestScore = -Infinity;
  for (let s = 0; s < p.nStores; s++) {
    if (status[s] !== FREE || slack[s]! - lambda > 0) continue;
    const score = (scratch.openRise[s]! + 1) * (scratch.closedRise[s]! + 1);
    if (score > bestScore) [best, bestScore] = [s, score];
  }
  return best;
}

function fillSavings(p: DenseProblem, cap: Float64Array, saving: Float64Array): void {
  const { candStart, candStore, candCost, nItems } = p;
  saving.fill(0);
  for (let j = 0; j < nItems; j++) {
    const c = cap[j]! === Infinity ? UNCOVERED : cap[j]!;
    const end = candStart[j + 1]!;
    for (let t = candStart[j]!; t < end; t++) {
      const price = candCost[t]!;
      if (price >= c) break;
      saving[candStore[t]!]! += c - price;
    }
  }
}
