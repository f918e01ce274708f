/** Small seeded PRNG (mulberry32) so every bench run with the same seed sees the same instances. */
export interface Rng {
  next(): number;
  uniform(lo: number, hi: number): number;
  integer(lo: number, hi: number): number;
  pick<T>(values: readonly T[]): T;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    uniform: (lo, hi) => lo + (hi - lo) * next(),
    integer: (lo, hi) => lo + Math.floor((hi - lo + 1) * next()),
    pick: (values) => values[Math.floor(values.length * next())]!,
  };
}
