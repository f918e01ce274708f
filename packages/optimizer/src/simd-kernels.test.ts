import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createRandom } from '@cartwise/contracts/domain/random';
import { prepareProblem } from './prepare';
import { IntPriceTable } from './simd-kernels';
import type { SplitCartInstance } from './types';

function buildInstance(nStores: number, nItems: number, maxPrice: number, seed: number): SplitCartInstance {
  const random = createRandom(seed);
  const offers: [number, number, number][] = [];
  for (let s = 0; s < nStores; s++) {
    for (let j = 0; j < nItems; j++) if (random() < 0.7) offers.push([s, j, Math.floor(random() * maxPrice)]);
  }
  return {
    format: 'splitcart/v1',
    K: 3,
    items: Array.from({ length: nItems }, (_, j) => ({ id: `i${j}`, qty: 1, penalty: maxPrice })),
    stores: Array.from({ length: nStores }, (_, s) => ({ id: `s${s}`, visitCost: 0 })),
    offers,
  };
}

function prepare(instance: SplitCartInstance) {
  const prepared = prepareProblem(instance);
  if (!prepared.isFeasible) throw new Error('test instance must be feasible');
  return prepared.problem;
}

describe('IntPriceTable (WebAssembly SIMD kernels)', () => {
  it('prices savings and lowered caps exactly as the scalar definition, including unsold items and padding', () => {
    // 23 items: not a multiple of four, so the padding lanes are exercised.
    const p = prepare(buildInstance(9, 23, 900, 7));
    const base = Float64Array.from(p.penalty);
    const table = IntPriceTable.create(p, base, 2);
    expect(table).not.toBeNull();
    const scalarSaving = (cap: Float64Array, s: number) => {
      let total = 0;
      for (let j = 0; j < p.nItems; j++) total += Math.max(0, cap[j]! - p.cost[s * p.nItems + j]!);
      return total;
    };
    const lowered = Float64Array.from(base, (cap, j) => Math.min(cap, p.cost[2 * p.nItems + j]!));
    table!.lower(0, 2, 1);
    for (let s = 0; s < p.nStores; s++) {
      expect(table!.saving(0, s)).toBe(scalarSaving(base, s));
      expect(table!.saving(1, s)).toBe(scalarSaving(lowered, s));
    }
  });

  it('declines prices that could overflow an int32 sum, so the scalar loops take over', () => {
    const p = prepare(buildInstance(4, 300, 2 ** 24, 3));
    expect(IntPriceTable.create(p, Float64Array.from(p.penalty), 2)).toBeNull();
  });

  it('ships the compiled bytes of kernels.wat (kernels-wasm.ts is not stale)', () => {
    expect(() => execFileSync(process.execPath, ['scripts/build-kernels.mjs', '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});
