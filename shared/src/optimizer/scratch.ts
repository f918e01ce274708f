/**
 * Reusable scratch arrays for the largest temporaries of a solve (the line-cost matrix, the pair
 * table). Fresh typed arrays of that size live outside the JS heap, and allocating about a megabyte
 * per solve made V8 run full collections between solves. Solves are synchronous and never nested,
 * so one buffer per role is enough; contents are unspecified and callers initialise what they read.
 * A SmallLimitSearch keeps its pair table here, so it must run before the next one is built (each solve
 * builds and runs exactly one).
 */
const pools = new Map<string, Float64Array>();

export function borrowScratch(role: 'lines' | 'pair-totals', length: number): Float64Array {
  const pooled = pools.get(role);
  if (pooled && pooled.length >= length) return pooled.subarray(0, length);
  // Grow by half again so a run of slightly larger instances does not reallocate each time.
  const grown = new Float64Array(Math.max(length, Math.ceil((pooled?.length ?? 0) * 1.5)));
  pools.set(role, grown);
  return grown.subarray(0, length);
}
