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

/**
 * The line reader's validation receipts (bench/receipts/line-reader): a sixth of dev (hash % 8 === 1), left out of
 * its training so that how the reader is used can be chosen without looking at the holdout.
 */
export function isValidationReceipt(id: string): boolean {
  return hashId(id) % 8 === 1;
}

/** `--split` values: a split, both, or the dev receipts kept out of the line reader's training. */
export type SplitChoice = Split | 'all' | 'dev-val';

export function isInSplit(id: string, choice: SplitChoice): boolean {
  if (choice === 'all') return true;
  if (choice === 'dev-val') return assignSplit(id) === 'dev' && isValidationReceipt(id);
  return assignSplit(id) === choice;
}
