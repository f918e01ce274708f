import { resolveBatchStores } from '@cartwise/receipt-reader/parse/batch-stores';
import { findKnownStore, indexKnownStores } from '@cartwise/receipt-reader/parse/known-stores';
import type { BenchResult } from './bench-types';
import type { BenchCase } from './cases';
import { isSameText, normaliseText } from './score';

export interface KnownStoreScores {
  n: number;
  /** Store accuracy after the review's match to a known store. */
  store: number;
  /** Read wrong, right after the match. */
  fixed: number;
  /** Read right, wrong after the match. */
  broken: number;
}

/** Counts one receipt: right after the change, and whether the change fixed or broke it. Tally.store is a count here. */
function countStoreChange(tally: KnownStoreScores, read: string | null, offered: string | null, expected: string | null | undefined): void {
  const wasRight = isSameText(read, expected);
  const isRight = isSameText(offered, expected);
  tally.n += 1;
  tally.store += Number(isRight);
  tally.fixed += Number(isRight && !wasRight);
  tally.broken += Number(wasRight && !isRight);
}

/**
 * The store as the review offers it once Cartwise knows some stores (`findKnownStore`, what the server does to each
 * draft): the directory is the labels of every other receipt in the run, as if their shoppers had saved them. A name
 * only this receipt carries is not in its own directory. This is not the reader's figure (the CLI knows no stores).
 */
export function scoreWithKnownStores(
  cases: readonly BenchCase[],
  results: ReadonlyMap<string, BenchResult>,
): Record<string, KnownStoreScores> {
  const savedBy = new Map<string, { name: string; count: number }>();
  for (const item of cases) {
    const name = item.expected.store;
    if (!name) continue;
    const key = normaliseText(name);
    const entry = savedBy.get(key) ?? { name, count: 0 };
    entry.count += 1;
    savedBy.set(key, entry);
  }
  // One directory, indexed once; a name only this receipt carries is left out of its own lookup (excludeId).
  const directory = indexKnownStores([...savedBy.entries()].map(([key, entry]) => ({ id: key, name: entry.name })));
  const tallies: Record<string, KnownStoreScores> = {};
  for (const item of cases) {
    const read = results.get(item.task.id)?.store ?? null;
    const own = normaliseText(item.expected.store);
    const isOnlyHere = (savedBy.get(own)?.count ?? 0) <= 1;
    const offered = read ? (findKnownStore(read, directory, isOnlyHere ? own : null)?.store.name ?? read) : null;
    for (const key of [item.split, 'all'])
      countStoreChange((tallies[key] ??= { n: 0, store: 0, fixed: 0, broken: 0 }), read, offered, item.expected.store);
  }
  for (const tally of Object.values(tallies)) tally.store = Number((tally.store / tally.n).toFixed(3));
  return tallies;
}

/**
 * The store as the receipt CLI prints it for a batch (resolveBatchStores): matched against the names the other
 * receipts read and those read beside the same seller registration number, no labels involved. Each split is its own
 * batch, so the holdout figure is what a run over unseen receipts alone gives; 'all' is one batch of everything.
 */
export function scoreWithBatchStores(
  cases: readonly BenchCase[],
  results: ReadonlyMap<string, BenchResult>,
): Record<string, KnownStoreScores> {
  const batches = new Map<string, BenchCase[]>([['all', [...cases]]]);
  for (const item of cases) batches.set(item.split, [...(batches.get(item.split) ?? []), item]);
  const tallies: Record<string, KnownStoreScores> = {};
  for (const [key, batch] of batches) {
    const reads = batch.map((item) => results.get(item.task.id)?.store ?? null);
    const resolved = resolveBatchStores(
      reads,
      batch.map((item) => results.get(item.task.id)?.sellerId ?? null),
    );
    const tally: KnownStoreScores = { n: 0, store: 0, fixed: 0, broken: 0 };
    batch.forEach((item, index) => countStoreChange(tally, reads[index] ?? null, resolved[index] ?? null, item.expected.store));
    tally.store = Number((tally.store / Math.max(1, tally.n)).toFixed(3));
    tallies[key] = tally;
  }
  return tallies;
}
