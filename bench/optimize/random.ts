import { createRandom } from '@cartwise/contracts/domain/random';

/** Small seeded PRNG (mulberry32) so every bench run with the same seed sees the same instances. */
export interface Rng {
  next(): number;
  uniform(lo: number, hi: number): number;
  integer(lo: number, hi: number): number;
  pick<T>(values: readonly T[]): T;
}

export function createRng(seed: number): Rng {
  const next = createRandom(seed);
  return {
    next,
    uniform: (lo, hi) => lo + (hi - lo) * next(),
    integer: (lo, hi) => lo + Math.floor((hi - lo + 1) * next()),
    pick: (values) => values[Math.floor(values.length * next())]!,
  };
}
