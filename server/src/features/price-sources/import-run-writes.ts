// The writing side of an import run: an input's chunks through ImportWrites (in process or on the write thread),
// the run row's progress and heartbeat on the same connection as the chunks, and a failed file's undo.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Deps } from '../../app-types';
import { nowIso } from '../../db/ids';
import { WriteThreadError, type ImportWrites, type RecordPart } from './import-writes';
import { RUN_HEARTBEAT_MS } from './price-source-runs.repo';
import { FeedError, type SourceInput } from './price-source';

export interface ImportError {
  file: string;
  line?: number;
  message: string;
}

export interface ImportSummary {
  source: string;
  files: number;
  stores: number;
  products: number;
  prices: number;
  promotions: number;
  unchanged: number;
  errors: ImportError[];
}

export type ImportStatus = 'succeeded' | 'partial' | 'failed';

export function describeError(input: SourceInput, error: unknown): ImportError {
  const message = error instanceof Error ? error.message : String(error);
  const line = error instanceof FeedError ? error.line : Number(/^Line (\d+)/i.exec(message)?.[1] ?? Number.NaN);
  return Number.isFinite(line) ? { file: input.name, line, message } : { file: input.name, message };
}

/** What the checking read of a file found: its price rows, promotions and stores. */
export interface FileCounts {
  prices: number;
  promotions: number;
  stores: Set<string>;
}

export interface RunState {
  deps: Deps<'db' | 'log'>;
  writes: ImportWrites;
  runId: string;
  summary: ImportSummary;
  onProgress(summary: ImportSummary): void;
  rowsRead: number;
  written: number;
  stores: Set<string>;
  products: Set<string>;
}

export async function saveRunProgress(run: RunState, status: string, finished: boolean): Promise<void> {
  const { summary } = run;
  const query = run.deps.db
    .updateTable('price_source_runs')
    .set({
      status,
      files_done: summary.files,
      rows_read: run.rowsRead,
      summary: JSON.stringify({ ...summary, errors: undefined }),
      errors: JSON.stringify(summary.errors),
      finished_at: finished ? nowIso() : null,
      heartbeat_at: nowIso(),
    })
    .where('id', '=', run.runId)
    // A run marked interrupted (its heartbeat went silent) stays failed.
    .where('status', 'in', ['queued', 'running']);
  await run.writes.execute(query.compile());
  run.onProgress(summary);
}

/** Shows rows moving inside a long file; not awaited, so reading never waits for the writes' connection. */
export function saveRowsRead(run: RunState, rowsRead: number): void {
  const query = run.deps.db
    .updateTable('price_source_runs')
    .set({ rows_read: rowsRead, heartbeat_at: nowIso() })
    .where('id', '=', run.runId)
    .where('status', 'in', ['queued', 'running']);
  run.writes.execute(query.compile()).catch((err: unknown) => run.deps.log.warn({ err, runId: run.runId }, 'rows read not saved'));
}

/**
 * Writes one checked input a chunk per transaction and adds it to the summary, or records its error after taking
 * back its committed chunks. Never rejects: a stopped write thread is returned, to fail the whole run.
 */
export async function writeInput(
  run: RunState,
  input: SourceInput,
  chunks: Iterable<readonly RecordPart[]> | AsyncIterable<readonly RecordPart[]>,
  counts: FileCounts,
): Promise<WriteThreadError | null> {
  const { writes, summary } = run;
  const file = { unchanged: 0, written: 0, products: new Set<string>() };
  const since = startNewMillisecond();
  writes.beginFile();
  try {
    for await (const chunk of chunks) {
      const written = await writes.writeChunk(chunk);
      file.unchanged += written.unchanged;
      file.written += written.written;
      for (const id of written.productIds) file.products.add(id);
      await yieldToEventLoop();
    }
    summary.files += 1;
    summary.prices += counts.prices;
    summary.promotions += counts.promotions;
    summary.unchanged += file.unchanged;
    for (const ref of counts.stores) run.stores.add(ref);
    for (const id of file.products) run.products.add(id);
  } catch (error) {
    if (error instanceof WriteThreadError) return error;
    // The file was read whole first: only the database or a changed input can fail here. Its committed chunks are
    // taken back.
    const problem = describeError(input, error);
    try {
      await writes.undoFile(since);
    } catch (undoError) {
      if (undoError instanceof WriteThreadError) return undoError;
      run.deps.log.error({ err: undoError, file: input.name }, 'rows of a failed price file not taken back');
      problem.message += '; some of its rows could not be taken back (see the server log)';
    }
    summary.errors.push(problem);
  }
  run.written += file.written;
  summary.stores = run.stores.size;
  summary.products = run.products.size;
  try {
    await saveRunProgress(run, 'running', false);
  } catch (error) {
    if (error instanceof WriteThreadError) return error;
    run.deps.log.warn({ err: error, runId: run.runId }, 'price source run progress not saved');
  }
  return null;
}

/** Beats every RUN_HEARTBEAT_MS while the run goes on, whatever step it is in (a long file, a slow API page). */
export function startHeartbeat(run: RunState): () => void {
  const timer = setInterval(() => {
    const query = run.deps.db
      .updateTable('price_source_runs')
      .set({ heartbeat_at: nowIso() })
      .where('id', '=', run.runId)
      .where('status', 'in', ['queued', 'running']);
    run.writes
      .execute(query.compile())
      .catch((err: unknown) => run.deps.log.warn({ err, runId: run.runId }, 'price source run heartbeat not saved'));
  }, RUN_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The current time as ISO text, once the clock has left the millisecond it was in (at most a millisecond's wait):
 * the price rows an earlier file wrote are then all older than it, so undoing this file never takes them.
 */
function startNewMillisecond(): string {
  const start = Date.now();
  while (Date.now() === start);
  return nowIso();
}
