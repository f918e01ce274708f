import { createRandom } from '../domain/random';
import { solveSplitCart } from './solve';
import { ZSplitCartInstance, type SplitCartInstance } from './types';

/**
 * V8 needs several solves before the optimiser's hot loops run as optimised code: measured on a
 * 275-item, 54-store instance in a fresh process, consecutive solves took 104, 56, 39, 38, 43, 21 ...
 * 17 ms. A long-running server is always past that point; a one-shot command is not, so the CLI
 * runs this first and its timings describe the solver rather than the compiler. It exercises every
 * path (K = 1..4 and no limit, must-buy items, penalties, fractional quantities) on instances of
 * its own, seeded, so it never depends on the instances being measured.
 */
export function warmUpSolver(budgetMs = 1500, rounds = 10): number {
  const random = createRandom(20_261_122);
  const started = performance.now();
  let solved = 0;
  for (let round = 0; round < rounds && performance.now() - started < budgetMs; round++) {
    for (const K of [1, 2, 3, 4, null]) {
      for (const [nItems, nStores] of [[60, 15], [220, 45]] as const) {
        // Through the same schema as instance files, with both id kinds, so the objects have the
        // shapes the CLI will pass and the optimised code is not thrown away on the first real file.
        solveSplitCart(ZSplitCartInstance.parse(buildInstance(random, nItems, nStores, K, solved % 2 === 0)));
        solved++;
      }
    }
  }
  return solved;
}

function buildInstance(random: () => number, nItems: number, nStores: number, K: number | null, hasTextIds: boolean): SplitCartInstance {
  const bases = Array.from({ length: nItems }, () => 80 + Math.floor(random() * 1400));
  const index = Array.from({ length: nStores }, () => 0.9 + random() * 0.2);
  const offers: [number, number, number][] = [];
  for (let s = 0; s < nStores; s++) {
    bases.forEach((base, j) => {
      if (random() < 0.75) offers.push([s, j, Math.round(base * index[s]! * (0.88 + random() * 0.24))]);
    });
  }
  return {
    format: 'splitcart/v1',
    K,
    items: bases.map((base, j) => ({
      id: hasTextIds ? `i${j}` : j,
      qty: random() < 0.1 ? 1.5 : 1,
      penalty: random() < 0.2 ? null : Math.round(base * (1.3 + random())),
    })),
    stores: Array.from({ length: nStores }, (_, s) => ({ id: hasTextIds ? `s${s}` : s, visitCost: 200 + Math.floor(random() * 600) })),
    offers,
  };
}
