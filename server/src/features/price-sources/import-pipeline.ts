// Runs a price source over its inputs into the database. Each input is checked whole before anything of it is
// written (a malformed, truncated or wrongly encoded file, a bad price or a duplicate row fails it alone): an input
// of up to KEPT_RECORDS records (a store's daily file) is read once and kept; a longer one is read to its end to
// check it, then read again to write it. Writes go in short chunked transactions, so a serving instance's requests
// never wait long; a file whose writing fails part-way (a database error) has its committed chunks taken back.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Deps } from '../../app-types';
import { createId, nowIso } from '../../db/ids';
import { refreshPlannerStatistics } from '../../platform/planner-statistics';
import { FeedCatalogue, hasProductKey } from './feed-catalogue';
import { undoFileWrites } from './feed-file-undo';
import { FeedFileWriter } from './feed-writer';
import { RUN_HEARTBEAT_MS } from './price-source-runs.repo';
import { FeedError, type FeedRecord, type PriceSource, type SourceContext, type SourceInput } from './price-source';

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

export interface PriceImportOptions {
  source: PriceSource;
  inputs: Iterable<SourceInput> | AsyncIterable<SourceInput>;
  config?: Record<string, string>;
  startedBy?: string | null;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  onProgress?(summary: ImportSummary): void;
  /** Records per transaction. */
  chunkSize?: number;
  /** The id of a run row already queued (by the admin API) that this import takes over; else a new row is made. */
  runId?: string;
  /** Records kept from the checking read of an input; a longer input is read again to write it. */
  keptRecords?: number;
}

function describeError(input: SourceInput, error: unknown): ImportError {
  const message = error instanceof Error ? error.message : String(error);
  const line = error instanceof FeedError ? error.line : Number(/^Line (\d+)/i.exec(message)?.[1] ?? Number.NaN);
  return Number.isFinite(line) ? { file: input.name, line, message } : { file: input.name, message };
}

/** Records kept from the checking read by default: more than a store's daily file holds. */
const KEPT_RECORDS = 40_000;

const NO_KEY = 'has neither a valid barcode nor an item code';

function checkRecord(record: FeedRecord): void {
  if (record.type === 'price' && !(Number.isInteger(record.price.priceMinor) && record.price.priceMinor >= 0))
    throw new FeedError(`A price for ${record.price.product.name} is not a whole, non-negative amount`);
  if (record.type === 'price' && !hasProductKey(record.price.product))
    throw new FeedError(`A price for "${record.price.product.name}" ${NO_KEY}`);
  if (record.type === 'promotion' && !record.promotion.products.every(hasProductKey))
    throw new FeedError(`Promotion ${record.promotion.promotionId} covers a product that ${NO_KEY}`);
}

/** Reads the input whole; its records when they fit the buffer, else null (the caller reads it again). */
async function checkInput(
  source: PriceSource,
  input: SourceInput,
  ctx: SourceContext,
  limit: number,
): Promise<{ rows: number; kept: FeedRecord[] | null }> {
  let rows = 0;
  let kept: FeedRecord[] | null = [];
  for await (const record of source.read(input, ctx)) {
    checkRecord(record);
    rows += 1;
    if (kept && kept.length >= limit) kept = null;
    kept?.push(record);
  }
  return { rows, kept };
}

/** Imports every input; one that fails is recorded and skipped, the others imported. */
export async function runPriceImport(
  deps: Deps<'db' | 'log'>,
  options: PriceImportOptions,
): Promise<ImportSummary & { status: ImportStatus; runId: string }> {
  const { source } = options;
  const runId = options.runId ?? createId();
  const summary: ImportSummary = {
    source: source.id,
    files: 0,
    stores: 0,
    products: 0,
    prices: 0,
    promotions: 0,
    unchanged: 0,
    errors: [],
  };
  if (options.runId)
    await deps.db.updateTable('price_source_runs').set({ status: 'running', heartbeat_at: nowIso() }).where('id', '=', runId).execute();
  else
    await deps.db
      .insertInto('price_source_runs')
      .values({
        id: runId,
        source_id: source.id,
        status: 'running',
        started_by: options.startedBy ?? null,
        started_at: nowIso(),
        finished_at: null,
        heartbeat_at: nowIso(),
      })
      .execute();
  let rowsRead = 0;
  const ctx: SourceContext = {
    log: deps.log,
    signal: options.signal ?? new AbortController().signal,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    config: options.config ?? {},
    onProgress: () => undefined,
  };
  let catalogue = new FeedCatalogue();
  const stores = new Set<string>();
  const products = new Set<string>();
  const chunkSize = options.chunkSize ?? 2000;
  let attempted = 0;
  let written = 0;
  const saveProgress = async (status: string, finished: boolean): Promise<void> => {
    await deps.db
      .updateTable('price_source_runs')
      .set({
        status,
        files_done: summary.files,
        rows_read: rowsRead,
        summary: JSON.stringify({ ...summary, errors: undefined }),
        errors: JSON.stringify(summary.errors),
        finished_at: finished ? nowIso() : null,
        heartbeat_at: nowIso(),
      })
      .where('id', '=', runId)
      // A run marked interrupted (its heartbeat went silent) stays failed.
      .where('status', 'in', ['queued', 'running'])
      .execute();
    options.onProgress?.(summary);
  };
  startHeartbeat(deps, runId);

  for await (const input of options.inputs) {
    attempted += 1;
    let kept: FeedRecord[] | null;
    try {
      const checked = await checkInput(source, input, ctx, options.keptRecords ?? KEPT_RECORDS);
      rowsRead += checked.rows;
      kept = checked.kept;
    } catch (error) {
      summary.errors.push(describeError(input, error));
      await saveProgress('running', false);
      continue;
    }
    const writer = new FeedFileWriter(catalogue, source.id);
    const file = { prices: 0, promotions: 0, unchanged: 0, stores: new Set<string>(), products: new Set<string>() };
    const since = startNewMillisecond();
    let chunk: FeedRecord[] = [];
    const flush = async (): Promise<void> => {
      const records = chunk;
      chunk = [];
      const counts = await deps.db.transaction().execute((trx) => writer.writeChunk(trx, records));
      file.unchanged += counts.unchanged;
      written += counts.written;
      for (const id of counts.productIds) file.products.add(id);
      await yieldToEventLoop();
    };
    try {
      for await (const record of kept ?? source.read(input, ctx)) {
        if (record.type === 'store') file.stores.add(record.store.sourceRef);
        else if (record.type === 'price') file.prices += 1;
        else file.promotions += 1;
        chunk.push(record);
        if (chunk.length >= chunkSize) await flush();
      }
      if (chunk.length > 0) await flush();
      summary.files += 1;
      summary.prices += file.prices;
      summary.promotions += file.promotions;
      summary.unchanged += file.unchanged;
      for (const ref of file.stores) stores.add(ref);
      for (const id of file.products) products.add(id);
    } catch (error) {
      // The file was read whole first: only the database or a changed input can fail here. Its committed chunks are
      // taken back, and the catalogue's cache, which may hold rows of the rolled-back chunk, starts afresh.
      const problem = describeError(input, error);
      try {
        await undoFileWrites(deps.db, { source: source.id, since, storeIds: writer.pricedStoreIds(), changes: writer.changes });
      } catch (undoError) {
        deps.log.error({ err: undoError, file: input.name }, 'rows of a failed price file not taken back');
        problem.message += '; some of its rows could not be taken back (see the server log)';
      }
      summary.errors.push(problem);
      catalogue = new FeedCatalogue();
    }
    summary.stores = stores.size;
    summary.products = products.size;
    await saveProgress('running', false);
  }
  // A load of new rows leaves the planners' statistics behind: refresh them before the next reads plan on them. An
  // unchanged day wrote nothing, and analysing every table would be most of its time on PostgreSQL.
  if (written > 0) await refreshPlannerStatistics(deps.db, 'bulk-load');
  const status: ImportStatus = summary.errors.length === 0 ? 'succeeded' : summary.files > 0 || attempted === 0 ? 'partial' : 'failed';
  await saveProgress(status, true);
  return { ...summary, status, runId };
}

/**
 * Beats every RUN_HEARTBEAT_MS while the run goes on, whatever step it is in (a long file, a slow API page), and
 * stops by itself once the run is no longer queued or running (finished, or failed by whoever caught its error).
 */
function startHeartbeat(deps: Deps<'db' | 'log'>, runId: string): void {
  const timer = setInterval(() => {
    deps.db
      .updateTable('price_source_runs')
      .set({ heartbeat_at: nowIso() })
      .where('id', '=', runId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst()
      .then((result) => {
        if (Number(result.numUpdatedRows) === 0) clearInterval(timer);
      })
      .catch((err: unknown) => deps.log.warn({ err, runId }, 'price source run heartbeat not saved'));
  }, RUN_HEARTBEAT_MS);
  timer.unref();
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
