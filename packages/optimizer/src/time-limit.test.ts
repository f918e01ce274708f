import { describe, expect, it } from 'vitest';
import { assignItems, solveSplitCart } from './solve';
import { buildSameTripList } from './test-lists';

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
