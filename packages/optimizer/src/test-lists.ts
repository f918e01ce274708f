import { createRandom } from '@cartwise/contracts/domain/random';
import type { SplitCartInstance } from './types';

/**
 * A list for tests that need a slow solve: independent prices and one trip cost for every store give many
 * near-equal store sets, so many nodes (bench/optimize, adv:same-trip-iid).
 */
export function buildSameTripList(seed: number, nItems: number, nStores: number): SplitCartInstance {
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
