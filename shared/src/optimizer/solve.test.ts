import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveByBruteForce } from './brute-force';
import { assignItems, solveSplitCart } from './solve';
import type { SplitCartInstance } from './types';

/** Random instances small enough for brute force, biased towards ties, zero trips and sparse stock. */
function arbitraryInstance(maxStores: number, maxItems: number): fc.Arbitrary<SplitCartInstance> {
  return fc
    .record({
      nStores: fc.integer({ min: 0, max: maxStores }),
      nItems: fc.integer({ min: 0, max: maxItems }),
      K: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
      stockRate: fc.double({ min: 0.2, max: 1, noNaN: true }),
      seedPrices: fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 200, maxLength: 200 }),
      seedRolls: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 200, maxLength: 200 }),
      visits: fc.array(fc.constantFrom(0, 0, 100, 250, 400, 800), { minLength: 20, maxLength: 20 }),
      items: fc.array(
        fc.record({
          qty: fc.constantFrom(1, 1, 1, 2, 0.5, 1.5),
          penalty: fc.option(fc.integer({ min: 0, max: 900 }), { nil: null }),
          base: fc.integer({ min: 50, max: 600 }),
        }),
        { minLength: 20, maxLength: 20 },
      ),
    })
    .map(({ nStores, nItems, K, stockRate, seedPrices, seedRolls, visits, items }) => {
      const offers: [number, number, number][] = [];
      let cursor = 0;
      for (let s = 0; s < nStores; s++) {
        for (let j = 0; j < nItems; j++) {
          const roll = seedRolls[cursor % 200]!;
          const spread = seedPrices[cursor % 200]!;
          cursor++;
          if (roll > stockRate) continue;
          offers.push([s, j, items[j]!.base + spread]);
          if (roll < 0.05) offers.push([s, j, items[j]!.base + spread + 7]);
        }
      }
      return {
        format: 'splitcart/v1' as const,
        K,
        items: items.slice(0, nItems).map((item, j) => ({ id: `i${j}`, qty: item.qty, penalty: item.penalty })),
        stores: Array.from({ length: nStores }, (_, s) => ({ id: `s${s}`, visitCost: visits[s]! })),
        offers,
      };
    });
}

function expectMatchesBruteForce(instance: SplitCartInstance): void {
  const result = solveSplitCart(instance);
  const reference = solveByBruteForce(instance);
  if (reference === null) {
    expect(result.isFeasible).toBe(false);
    return;
  }
  expect(result.isFeasible).toBe(true);
  if (!result.isFeasible) return;
  expect(result.objective).toBe(reference.objective);
  expect(result.storeIndices.length).toBeLessThanOrEqual(instance.K ?? Infinity);
  expect(assignItems(instance, result.storeIndices).objective).toBe(result.objective);
}

describe('solveSplitCart against brute force over every store subset', () => {
  it('matches on thousands of small random instances', () => {
    fc.assert(fc.property(arbitraryInstance(8, 10), expectMatchesBruteForce), { numRuns: 3000 });
  }, 60_000);

  it('matches on fewer, larger instances (more stores than the small-K slots)', () => {
    fc.assert(fc.property(arbitraryInstance(13, 20), expectMatchesBruteForce), { numRuns: 300 });
  }, 60_000);
});
