import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceAssignmentDirectly, solveByAssignmentBruteForce } from './promotion-brute-force';
import { solveSplitCart } from './solve';
import type { SplitCartInstance, SplitCartPromotion } from './types';

const arbInstance: fc.Arbitrary<SplitCartInstance> = fc
  .record({ nItems: fc.integer({ min: 1, max: 5 }), nStores: fc.integer({ min: 1, max: 3 }) })
  .chain(({ nItems, nStores }) =>
    fc.record({
      format: fc.constant('splitcart/v1' as const),
      K: fc.constantFrom(null, 1, 2),
      items: fc.array(
        fc.record({
          id: fc.string(),
          qty: fc.constantFrom(1, 1, 2, 3, 1.5),
          penalty: fc.option(fc.integer({ min: 50, max: 900 }), { nil: null }),
        }),
        { minLength: nItems, maxLength: nItems },
      ),
      stores: fc.array(fc.record({ id: fc.string(), visitCost: fc.integer({ min: 0, max: 300 }) }), {
        minLength: nStores,
        maxLength: nStores,
      }),
      offers: fc.array(
        fc.tuple(fc.integer({ min: 0, max: nStores - 1 }), fc.integer({ min: 0, max: nItems - 1 }), fc.integer({ min: 20, max: 600 })),
        { minLength: nItems, maxLength: nItems * nStores },
      ),
      promotions: fc.array(
        fc.record<SplitCartPromotion>({
          store: fc.integer({ min: 0, max: nStores - 1 }),
          items: fc.uniqueArray(fc.integer({ min: 0, max: nItems - 1 }), { minLength: 1, maxLength: nItems }),
          minQuantity: fc.constantFrom(0, 1, 2, 2, 3, 4),
          groupPriceCents: fc.option(fc.integer({ min: -50, max: 1200 }), { nil: null }),
          discountRate: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
          minPurchaseCents: fc.option(fc.integer({ min: 100, max: 1500 }), { nil: null, freq: 4 }),
        }),
        { maxLength: 6 },
      ),
    }),
  );

describe('solveSplitCart with promotions', () => {
  it('matches the brute force over every assignment and reports the exact total of its plan', () => {
    fc.assert(
      fc.property(arbInstance, (instance) => {
        const expected = solveByAssignmentBruteForce(instance);
        const result = solveSplitCart(instance);
        if (expected === null) return !result.isFeasible;
        if (!result.isFeasible) return false;
        expect(result.isProven).toBe(true);
        expect(result.objective).toBe(expected);
        expect(priceAssignmentDirectly(instance, result.assignment)).toBe(expected);
        return true;
      }),
      { numRuns: 1500 },
    );
  });

  it('moves items to complete a multi-store group when that is cheaper than buying each at its cheapest store', () => {
    // Two stores, three items each 10.00 at B; at A 10.50 but "any 3 for 24.00".
    const instance: SplitCartInstance = {
      format: 'splitcart/v1',
      K: 1,
      items: ['a', 'b', 'c'].map((id) => ({ id, qty: 1, penalty: null })),
      stores: [
        { id: 'A', visitCost: 100 },
        { id: 'B', visitCost: 100 },
      ],
      offers: [
        [0, 0, 1050],
        [0, 1, 1050],
        [0, 2, 1050],
        [1, 0, 1000],
        [1, 1, 1000],
        [1, 2, 1000],
      ],
      promotions: [{ store: 0, items: [0, 1, 2], minQuantity: 3, groupPriceCents: 2400, discountRate: null, minPurchaseCents: null }],
    };
    expect(solveSplitCart(instance)).toMatchObject({ objective: 2500, storeIndices: [0], isProven: true });
  });
});
