// Runs a price source over its inputs into the database. Each input is read twice: first to check it whole (a
// malformed, truncated or wrongly encoded file, a bad price or a duplicate row fails it before anything is
// written), then to write it in short chunked transactions, so a serving instance's requests never wait long.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Deps } from '../../app-types';
import { createId, nowIso } from '../../db/ids';
import { FeedCatalogue } from './feed-catalogue';
import { writeFeedChunk } from './feed-writer';
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
}

function describeError(input: SourceInput, error: unknown): ImportError {
  const message = error instanceof Error ? error.message : String(error);
  const line = error instanceof FeedError ? error.line : Number(/^Line (\d+)/i.exec(message)?.[1] ?? Number.NaN);
  return Number.isFinite(line) ? { file: input.name, line, message } : { file: input.name, message };
}

async function checkInput(source: PriceSource, input: SourceInput, ctx: SourceContext): Promise<number> {
  let rows = 0;
  for await (const record of source.read(input, ctx)) {
    if (record.type === 'price' && !(Number.isInteger(record.price.priceMinor) && record.price.priceMinor >= 0))
      throw new FeedError(`A price for ${record.price.product.name} is not a whole, non-negative amount`);
    rows += 1;
  }
  return rows;
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
  if (options.runId) await deps.db.updateTable('price_source_runs').set({ status: 'running' }).where('id', '=', runId).execute();
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
  const catalogue = new FeedCatalogue();
  const stores = new Set<string>();
  const products = new Set<string>();
  const chunkSize = options.chunkSize ?? 500;
  let attempted = 0;
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
      })
      .where('id', '=', runId)
      .execute();
    options.onProgress?.(summary);
  };

  for await (const input of options.inputs) {
    attempted += 1;
    try {
      rowsRead += await checkInput(source, input, ctx);
    } catch (error) {
      summary.errors.push(describeError(input, error));
      await saveProgress('running', false);
      continue;
    }
    let chunk: FeedRecord[] = [];
    const flush = async (): Promise<void> => {
      const records = chunk;
      chunk = [];
      const counts = await deps.db.transaction().execute((trx) => writeFeedChunk(trx, catalogue, records, source.id));
      summary.unchanged += counts.unchanged;
      for (const id of counts.productIds) products.add(id);
      await yieldToEventLoop();
    };
    try {
      for await (const record of source.read(input, ctx)) {
        if (record.type === 'store') stores.add(record.store.sourceRef);
        else if (record.type === 'price') summary.prices += 1;
        else summary.promotions += 1;
        chunk.push(record);
        if (chunk.length >= chunkSize) await flush();
      }
      if (chunk.length > 0) await flush();
      summary.files += 1;
    } catch (error) {
      // The file read whole on the first pass: only the database or a changed input can fail here.
      summary.errors.push(describeError(input, error));
    }
    summary.stores = stores.size;
    summary.products = products.size;
    await saveProgress('running', false);
  }
  const status: ImportStatus = summary.errors.length === 0 ? 'succeeded' : summary.files > 0 || attempted === 0 ? 'partial' : 'failed';
  await saveProgress(status, true);
  return { ...summary, status, runId };
}
