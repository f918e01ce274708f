import { describe, expect, it } from 'vitest';
import { createRandom } from '../domain/random';
import { assignItems, solveSplitCart } from './solve';
import type { SplitCartInstance } from './types';

/** Independent prices and one trip cost for every store: many near-equal store sets, so many nodes. */
function buildSameTripList(seed: number, nItems: number, nStores: number): SplitCartInstance {
  const random = createRandom(seed);
  const bases = Array.from({ length: nItems }, () => 79 + Math.floor(random() * 1400));
  const offers: [number, number, number][] = [];
  for (let s = 0; s < nStores; s++) {
    bases.forEach((base, j) => {
      if (random() < 0.75) offers.push([s, j, Math.round(base * (0.75 + 0.5 * random()))]);
    });
  }
  return {
    format: 'splitcart/v1',
    K: null,
    items: bases.map((base, j) => ({ id: `i${j}`, qty: 1, penalty: j % 5 === 0 ? null : base * 2 })),
    stores: Array.from({ length: nStores }, (_, s) => ({ id: `s${s}`, visitCost: 500 })),
    offers,
  };
}

describe('solveSplitCart with a time limit', () => {
  it('returns the best plan found and an honest lower bound when the limit stops the search', () => {
    const list = buildSameTripList(11, 200, 45);
    const exact = solveSplitCart(list);
    const stopped = solveSplitCart(list, { timeLimitMs: 0 });
    if (!exact.isFeasible || !stopped.isFeasible) throw new Error('expected feasible plans');
    expect(exact.nodes).toBeGreaterThan(100);
    expect(exact).toMatchObject({ isProven: true, lowerBound: exact.objective });

    expect(stopped.isProven).toBe(false);
    expect(stopped.nodes).toBeLessThan(exact.nodes);
    // The stopped plan is a real plan: its stores buy the items at the reported total.
    expect(assignItems(list, stopped.storeIndices).objective).toBe(stopped.objective);
    expect(stopped.objective).toBeGreaterThanOrEqual(exact.objective);
    expect(stopped.lowerBound).toBeLessThanOrEqual(exact.objective);
    // The root bound is within a few store visits of the optimum, not a trivial zero.
    expect(exact.objective - stopped.lowerBound).toBeLessThan(5 * 500);
  });

  it('still proves small lists optimal under a zero limit, since the root settles them', () => {
    const list = buildSameTripList(3, 12, 4);
    const result = solveSplitCart(list, { timeLimitMs: 0 });
    expect(result).toMatchObject({ isFeasible: true, isProven: true });
    expect(result).toEqual(solveSplitCart(list));
  });
});
