import { describe, expect, it } from 'vitest';
import { createRandom } from '@cartwise/contracts/domain/random';
import { PAIR_BLOCK_CAP_SLOTS, PairBlocks, planPairBlocks } from './pair-blocks';
import { prepareProblem, type DenseProblem } from './prepare';
import { IntPriceTable } from './simd-kernels';
import type { SplitCartInstance } from './types';

function prepareIid(nStores: number, nItems: number, seed: number): DenseProblem {
  const random = createRandom(seed);
  const offers: [number, number, number][] = [];
  const bases = Array.from({ length: nItems }, () => 80 + Math.floor(random() * 1400));
  for (let s = 0; s < nStores; s++) {
    bases.forEach((base, j) => {
      if (random() < 0.75) offers.push([s, j, Math.round(base * (0.75 + random() / 2))]);
    });
  }
  const instance: SplitCartInstance = {
    format: 'splitcart/v1',
    K: 4,
    items: bases.map((base, j) => ({ id: `i${j}`, qty: 1, penalty: 2 * base })),
    stores: Array.from({ length: nStores }, (_, s) => ({ id: `s${s}`, visitCost: 300 })),
    offers,
  };
  const prepared = prepareProblem(instance);
  if (!prepared.isFeasible) throw new Error('test instance must be feasible');
  return prepared.problem;
}

/** What store s saves on the base caps lowered by `open` (visit cost not included). */
function savingOn(p: DenseProblem, base: Float64Array, open: number[], s: number): number {
  let total = 0;
  for (let j = 0; j < p.nItems; j++) {
    let cap = base[j]!;
    for (const o of open) cap = Math.min(cap, p.cost[o * p.nItems + j]!);
    total += Math.max(0, cap - p.cost[s * p.nItems + j]!);
  }
  return total;
}

describe('PairBlocks (the K = 4 last-slot screen)', () => {
  // 37 items: not a multiple of four, so padding lanes and a short last chunk are exercised.
  const p = prepareIid(9, 37, 5);
  const base = Float64Array.from(p.penalty);
  const stores = Int32Array.from({ length: p.nStores }, (_, s) => s);

  function build(): PairBlocks {
    const layout = planPairBlocks((p.nItems + 3) & ~3, stores.length)!;
    const table = IntPriceTable.create(p, base, PAIR_BLOCK_CAP_SLOTS, layout.bytes);
    expect(table).not.toBeNull();
    return new PairBlocks(table!, stores, layout, new Float64Array(stores.length).fill(300));
  }

  it('keeps the exact saving of each later store on a pair of stores as the row total', () => {
    const blocks = build();
    for (const [x, y] of [
      [0, 1],
      [2, 5],
      [6, 7],
    ] as const) {
      const rows = blocks.rowsOf(x, y);
      expect(blocks.rowsOf(x, y)).toBe(rows);
      for (let k = y + 1; k < stores.length; k++) expect(blocks.totalOf(rows, k)).toBe(savingOn(p, base, [x, y], k));
    }
  });

  it('bounds the saving on three stores from above, far tighter than the least pair total', () => {
    const blocks = build();
    let boundSum = 0;
    let leastTotalSum = 0;
    let exactSum = 0;
    for (let a = 0; a < stores.length; a++) {
      for (let b = a + 1; b < stores.length; b++) {
        for (let c = b + 1; c < stores.length; c++) {
          const [ab, ac, bc] = [blocks.rowsOf(a, b), blocks.rowsOf(a, c), blocks.rowsOf(b, c)];
          for (let k = c + 1; k < stores.length; k++) {
            const exact = savingOn(p, base, [a, b, c], k);
            const bound = blocks.boundOf(ab, ac, bc, k);
            const leastTotal = Math.min(blocks.totalOf(ab, k), blocks.totalOf(ac, k), blocks.totalOf(bc, k));
            expect(bound).toBeGreaterThanOrEqual(exact);
            expect(bound).toBeLessThanOrEqual(leastTotal);
            boundSum += bound - exact;
            leastTotalSum += leastTotal - exact;
            exactSum += exact;
          }
        }
      }
    }
    expect(exactSum).toBeGreaterThan(0);
    // Blocks of a few items each leave a small fraction of the whole-sum bound's overestimate.
    expect(boundSum).toBeLessThan(0.5 * leastTotalSum);
  });

  it('screens a node in one call: exactly the candidates whose block bound minus visit cost exceeds the threshold', () => {
    const blocks = build();
    const visit = 300;
    for (const [a, b, c] of [
      [0, 1, 2],
      [1, 3, 4],
      [2, 4, 6],
    ] as const) {
      expect(blocks.hasRows(a, b, c)).toBe(false);
      const [ab, ac, bc] = [blocks.rowsOf(a, b), blocks.rowsOf(a, c), blocks.rowsOf(b, c)];
      expect(blocks.hasRows(a, b, c)).toBe(true);
      for (const threshold of [-Infinity, -5.5, 0, 40, 250.5, Infinity]) {
        const expected: number[] = [];
        for (let k = c + 1; k < stores.length; k++) if (blocks.boundOf(ab, ac, bc, k) - visit > threshold) expected.push(k);
        const count = blocks.screen(a, b, c, threshold);
        expect(Array.from({ length: count }, (_, i) => blocks.survivor(i, c))).toEqual(expected);
      }
    }
  });

  it('leaves the screen out when the rows would not fit the kernels memory budget', () => {
    expect(planPairBlocks(300, 60)).not.toBeNull();
    expect(planPairBlocks(300, 400)).toBeNull();
  });
});
