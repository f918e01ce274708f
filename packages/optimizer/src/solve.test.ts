import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveByBruteForce } from './brute-force';
import { prepareProblem } from './prepare';
import { setSimdEnabled } from './simd-kernels';
import { SmallLimitSearch } from './small-limit';
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

  it('matches with a small store limit over cloned stores and free trips (deep small-K branches)', () => {
    const cloned = fc.tuple(arbitraryInstance(7, 14), fc.integer({ min: 2, max: 4 }), fc.boolean()).map(([instance, K, isFree]) => {
      const n = instance.stores.length;
      return {
        ...instance,
        K,
        stores: [...instance.stores, ...instance.stores].map((store, s) => ({ id: `s${s}`, visitCost: isFree ? 0 : store.visitCost })),
        // The clone's prices drift by a cent now and then, so stores are near-duplicates that dominate neither way.
        offers: instance.offers.flatMap(([s, j, price]): [number, number, number][] => [
          [s, j, price],
          [s + n, j, price + ((s + j) % 3) - 1],
        ]),
      };
    });
    fc.assert(fc.property(cloned, expectMatchesBruteForce), { numRuns: 300 });
  }, 60_000);

  it('small-K enumeration alone, with no incumbent to lean on, still finds the optimum', () => {
    // Without a local-search incumbent a pruning bug cannot hide behind an already optimal start.
    const limited = fc.tuple(arbitraryInstance(9, 12), fc.integer({ min: 2, max: 5 })).map(([instance, K]) => ({ ...instance, K }));
    fc.assert(
      fc.property(limited, (instance) => {
        const prepared = prepareProblem(instance);
        const reference = solveByBruteForce(instance);
        if (!prepared.isFeasible || prepared.problem.forcedOpen.length > 0) return;
        const { problem } = prepared;
        const search = new SmallLimitSearch(problem, new Uint8Array(problem.nStores), Infinity, [], problem.limit);
        search.run();
        const found = search.bestCost < 1e12 ? search.bestCost + problem.constant : null;
        expect(found).toBe(reference?.objective ?? null);
      }),
      { numRuns: 5000 },
    );
  }, 60_000);

  it('matches on fewer, larger instances (more stores than the small-K slots)', () => {
    fc.assert(fc.property(arbitraryInstance(13, 20), expectMatchesBruteForce), { numRuns: 300 });
  }, 60_000);
});

describe('solveSplitCart with the SIMD kernels switched off (the scalar fallback)', () => {
  beforeAll(() => setSimdEnabled(false));
  afterAll(() => setSimdEnabled(true));

  it('matches brute force on small random instances', () => {
    fc.assert(fc.property(arbitraryInstance(8, 10), expectMatchesBruteForce), { numRuns: 1500 });
  }, 60_000);

  it('matches brute force with a small store limit over more stores than slots', () => {
    const limited = fc.tuple(arbitraryInstance(13, 20), fc.integer({ min: 2, max: 5 })).map(([instance, K]) => ({ ...instance, K }));
    fc.assert(fc.property(limited, expectMatchesBruteForce), { numRuns: 300 });
  }, 60_000);
});
