import { describe, expect, it } from 'vitest';
import { createRandom } from '@cartwise/contracts/domain/random';
import { DualBound } from './bound';
import { BranchScratch, estimateChildRises } from './branch-rating';
import { pickBranchStore } from './branching';
import { CLOSED, FREE, OPEN, UNCOVERED } from './local-search';
import { prepareProblem, type DenseProblem } from './prepare';

interface Rises {
  openRise: number[];
  closedRise: number[];
}

/** The estimates written out from their definitions, store pair by store pair over full price rows. */
function risesByRows(p: DenseProblem, status: Uint8Array, slack: Float64Array, cap: Float64Array, lambda: number, v: Float64Array): Rises {
  const zeros = (): number[] => Array.from({ length: p.nStores }, () => 0);
  const rises: Rises = { openRise: zeros(), closedRise: zeros() };
  const stores = Array.from({ length: p.nStores }, (_, s) => s);
  for (let j = 0; j < p.nItems; j++) {
    const c = cap[j] === Infinity ? UNCOVERED : cap[j]!;
    const vj = v[j]!;
    const price = (s: number): number => p.cost[s * p.nItems + j]!;
    const offered = stores.filter((s) => price(s) < c);
    const free = offered.filter((s) => status[s] === FREE);
    const tight = free.filter((s) => slack[s]! - lambda <= 0);
    const under = tight.filter((s) => price(s) < vj);
    for (const s of under) for (const u of under) if (u !== s) rises.openRise[s]! += vj - Math.max(price(s), price(u));
    const blockers = tight.filter((s) => price(s) <= vj);
    if (blockers.length !== 1) continue;
    const next = Math.min(c, ...tight.filter((s) => price(s) > vj).map(price));
    let rise = next - vj;
    for (const t of free) {
      if (slack[t]! - lambda <= 0 || price(t) >= next) continue;
      rise = Math.min(rise, slack[t]! - lambda + Math.max(price(t) - vj, 0));
    }
    rises.closedRise[blockers[0]!]! += rise;
  }
  return rises;
}

function randomNode(random: () => number) {
  const nStores = 2 + Math.floor(random() * 10);
  const nItems = 1 + Math.floor(random() * 25);
  const offers: [number, number, number][] = [];
  for (let s = 0; s < nStores; s++)
    for (let j = 0; j < nItems; j++) if (random() < 0.8) offers.push([s, j, 50 + Math.floor(random() * 40) * 10]);
  const prepared = prepareProblem({
    format: 'splitcart/v1',
    K: null,
    items: Array.from({ length: nItems }, (_, j) => ({ id: j, qty: 1, penalty: random() < 0.3 ? null : 500 })),
    stores: Array.from({ length: nStores }, (_, s) => ({ id: s, visitCost: Math.floor(random() * 300) })),
    offers,
  });
  if (!prepared.isFeasible) return null;
  const p = prepared.problem;
  const status = new Uint8Array(p.nStores);
  const cap = Float64Array.from(p.penalty);
  for (let s = 0; s < p.nStores; s++) {
    const roll = random();
    status[s] = roll < 0.15 ? OPEN : roll < 0.3 ? CLOSED : FREE;
    if (status[s] !== OPEN) continue;
    for (let j = 0; j < p.nItems; j++) cap[j] = Math.min(cap[j]!, p.cost[s * p.nItems + j]!);
  }
  // The duals and slacks come from a real ascent, whose candidate copy the estimates read. Prices
  // step by 10, so duals on a price (ties, blocking at equality) are common.
  const lambda = random() < 0.3 ? 20 : 0;
  const bound = new DualBound(p);
  if (bound.ascend(status, cap, lambda) === Infinity) return null;
  return { p, status, cap, lambda, bound, copy: bound.freeCandidates()! };
}

describe('estimateChildRises', () => {
  it('matches the estimates computed from their definitions', () => {
    const random = createRandom(2468);
    let checked = 0;
    let nonZero = 0;
    for (let round = 0; round < 300; round++) {
      const node = randomNode(random);
      if (!node) continue;
      const { p, status, cap, lambda, bound, copy } = node;
      const scratch = new BranchScratch(p.nStores);
      estimateChildRises(copy, bound.slack, cap, lambda, bound.v, scratch);
      const expected = risesByRows(p, status, bound.slack, cap, lambda, bound.v);
      expect(Array.from(scratch.openRise), `round ${round}`).toEqual(expected.openRise);
      expect(Array.from(scratch.closedRise), `round ${round}`).toEqual(expected.closedRise);
      checked++;
      if (expected.openRise.some((x) => x > 0) && expected.closedRise.some((x) => x > 0)) nonZero++;
    }
    expect(checked).toBeGreaterThan(150);
    expect(nonZero).toBeGreaterThan(50);
  });

  it('makes pickBranchStore take the tight store with the largest product of the two rises', () => {
    const random = createRandom(1357);
    let checked = 0;
    for (let round = 0; round < 200; round++) {
      const node = randomNode(random);
      if (!node) continue;
      const { p, status, cap, lambda, bound } = node;
      const slack = bound.slack;
      const { openRise, closedRise } = risesByRows(p, status, slack, cap, lambda, bound.v);
      let expected = -1;
      let bestScore = -Infinity;
      for (let s = 0; s < p.nStores; s++) {
        if (status[s] !== FREE || slack[s]! - lambda > 0) continue;
        const score = (openRise[s]! + 1) * (closedRise[s]! + 1);
        if (score > bestScore) [expected, bestScore] = [s, score];
      }
      if (expected < 0) continue;
      checked++;
      expect(pickBranchStore(p, status, slack, cap, lambda, new BranchScratch(p.nStores), bound), `round ${round}`).toBe(expected);
    }
    expect(checked).toBeGreaterThan(100);
  });
});
