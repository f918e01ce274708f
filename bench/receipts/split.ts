/** Deterministic dev/holdout split by id (FNV-1a hash), so the holdout never leaks into tuning. */
export type Split = 'dev' | 'holdout';

export function hashId(id: string): number {
  let hash = 0x811c9dc5;
  for (const char of id) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** About 25% of ids land in the holdout. */
export function assignSplit(id: string): Split {
  return hashId(id) % 4 === 0 ? 'holdout' : 'dev';
}
