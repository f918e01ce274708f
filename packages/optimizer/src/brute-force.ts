import { assignItems } from './solve';
import type { SplitCartInstance } from './types';

/**
 * Reference optimum by trying every store subset of size <= K (2^stores work: tests only).
 * Returns null when no subset buys every must-buy item.
 */
export function solveByBruteForce(instance: SplitCartInstance): { objective: number; storeIndices: number[] } | null {
  const n = instance.stores.length;
  if (n > 20) throw new Error('brute force is limited to 20 stores');
  const limit = instance.K ?? n;
  let best: { objective: number; storeIndices: number[] } | null = null;
  for (let mask = 0; mask < 1 << n; mask++) {
    const open: number[] = [];
    for (let s = 0; s < n; s++) if (mask & (1 << s)) open.push(s);
    if (open.length > limit) continue;
    const { objective, used } = assignItems(instance, open);
    if (objective < (best?.objective ?? Infinity)) best = { objective, storeIndices: used };
  }
  return best;
}
