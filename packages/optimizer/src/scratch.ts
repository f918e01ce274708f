/**
 * Reusable scratch arrays for the largest temporaries of a solve (the line-cost and price matrices,
 * the candidate lists, the pair table). Fresh typed arrays of that size live outside the JS heap, and allocating about a megabyte
 * per solve made V8 run full collections between solves. Solves are synchronous and never nested,
 * so one buffer per role is enough; contents are unspecified and callers initialise what they read.
 * A DenseProblem and the SmallLimitSearch built on it keep their arrays here, so a problem must be
 * solved before the next one is prepared (each solve prepares and searches exactly one).
 */
const pools = new Map<string, Float64Array>();
const intPools = new Map<string, Int32Array>();

export function borrowScratch(role: 'lines' | 'pair-totals' | 'cost' | 'cand-cost', length: number): Float64Array {
  const pooled = pools.get(role);
  if (pooled && pooled.length >= length) return pooled.subarray(0, length);
  // Grow by half again so a run of slightly larger instances does not reallocate each time.
  const grown = new Float64Array(Math.max(length, Math.ceil((pooled?.length ?? 0) * 1.5)));
  pools.set(role, grown);
  return grown.subarray(0, length);
}

export function borrowIntScratch(role: 'cand-start' | 'cand-store' | 'cand-fill', length: number): Int32Array {
  const pooled = intPools.get(role);
  if (pooled && pooled.length >= length) return pooled.subarray(0, length);
  const grown = new Int32Array(Math.max(length, Math.ceil((pooled?.length ?? 0) * 1.5)));
  intPools.set(role, grown);
  return grown.subarray(0, length);
}
