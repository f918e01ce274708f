import { describe, expect, it } from 'vitest';
import { solveSplitCart } from './solve';
import { ZSplitCartInstance, roundLineCents, type SplitCartInstance } from './types';

function makeInstance(partial: Partial<SplitCartInstance>): SplitCartInstance {
  return { format: 'splitcart/v1', K: null, items: [], stores: [], offers: [], ...partial };
}

const twoItems = [
  { id: 'milk', qty: 1, penalty: null },
  { id: 'eggs', qty: 2, penalty: null },
];

describe('solveSplitCart edge cases', () => {
  it('reports must-buy items without any offer as infeasible', () => {
    const result = solveSplitCart(makeInstance({ items: twoItems, stores: [{ id: 'a', visitCost: 300 }], offers: [[0, 0, 100]] }));
    expect(result).toEqual({ isFeasible: false, reason: 'no-candidate-store', missingItemIndices: [1] });
  });

  it('leaves penalised items with no offers unbought and pays the penalty per unit', () => {
    const items = [{ id: 'saffron', qty: 2, penalty: 450 }];
    const result = solveSplitCart(makeInstance({ items, stores: [{ id: 'a', visitCost: 300 }] }));
    expect(result).toMatchObject({ isFeasible: true, objective: 900, storeIndices: [], assignment: [null] });
  });

  it('is trivially feasible with no items and no stores', () => {
    expect(solveSplitCart(makeInstance({}))).toMatchObject({ isFeasible: true, objective: 0, storeIndices: [] });
  });

  it('keeps the cheapest of duplicate offers', () => {
    const result = solveSplitCart(
      makeInstance({
        items: [twoItems[0]!],
        stores: [{ id: 'a', visitCost: 100 }],
        offers: [
          [0, 0, 250],
          [0, 0, 199],
          [0, 0, 300],
        ],
      }),
    );
    expect(result).toMatchObject({ isFeasible: true, objective: 299 });
  });

  it('opens every useful store when trips are free', () => {
    const result = solveSplitCart(
      makeInstance({
        items: twoItems,
        stores: [
          { id: 'a', visitCost: 0 },
          { id: 'b', visitCost: 0 },
        ],
        offers: [
          [0, 0, 100],
          [0, 1, 300],
          [1, 0, 150],
          [1, 1, 200],
        ],
      }),
    );
    expect(result).toMatchObject({ isFeasible: true, objective: 100 + 400, storeIndices: [0, 1], assignment: [0, 1] });
  });

  it('treats K at or above the store count as no limit', () => {
    const base = {
      items: twoItems,
      stores: [
        { id: 'a', visitCost: 100 },
        { id: 'b', visitCost: 100 },
      ],
      offers: [
        [0, 0, 100],
        [0, 1, 500],
        [1, 0, 400],
        [1, 1, 200],
      ] as [number, number, number][],
    };
    const unlimited = solveSplitCart(makeInstance({ ...base, K: null }));
    expect(solveSplitCart(makeInstance({ ...base, K: 2 }))).toEqual(unlimited);
    expect(solveSplitCart(makeInstance({ ...base, K: 7 }))).toEqual(unlimited);
    expect(unlimited).toMatchObject({ objective: 200 + 100 + 400 });
  });

  it('reports a store limit that cannot cover every must-buy item', () => {
    const result = solveSplitCart(
      makeInstance({
        items: twoItems,
        K: 1,
        stores: [
          { id: 'a', visitCost: 100 },
          { id: 'b', visitCost: 100 },
        ],
        offers: [
          [0, 0, 100],
          [1, 1, 100],
        ],
      }),
    );
    expect(result).toEqual({ isFeasible: false, reason: 'store-limit', missingItemIndices: [] });
  });

  it('with K = 0 only pays penalties', () => {
    const items = [{ id: 'x', qty: 1, penalty: 500 }];
    const result = solveSplitCart(makeInstance({ items, K: 0, stores: [{ id: 'a', visitCost: 0 }], offers: [[0, 0, 1]] }));
    expect(result).toMatchObject({ isFeasible: true, objective: 500, assignment: [null] });
  });

  it('rounds each line once: round(qty * unit price)', () => {
    expect(roundLineCents(1.5, 199)).toBe(299);
    expect(roundLineCents(0.75, 333)).toBe(250);
    expect(roundLineCents(1.15, 100)).toBe(115);
    const result = solveSplitCart(
      makeInstance({
        items: [{ id: 'apples', qty: 1.5, penalty: null }],
        stores: [{ id: 'a', visitCost: 0 }],
        offers: [[0, 0, 199]],
      }),
    );
    expect(result).toMatchObject({ objective: 299 });
  });

  it('rejects offers pointing at missing stores or items', () => {
    const parsed = ZSplitCartInstance.safeParse(makeInstance({ items: twoItems, offers: [[3, 0, 100]] }));
    expect(parsed.success).toBe(false);
  });
});
