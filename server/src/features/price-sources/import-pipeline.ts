// Runs a price source over its inputs into the database. Each input is checked whole before anything of it is
// written (a malformed, truncated or wrongly encoded file, a bad price or a duplicate row fails it alone): an input
// of up to KEPT_RECORDS records (a store's daily file) is read once and kept, packed in parts (the write thread's
// are structured-clone bytes, off the heap); a longer one is read to its end to check it, then read again to write it. Writes go in short chunked transactions, so a serving instance's requests
// never wait long; a file whose writing fails part-way (a database error) has its committed chunks taken back. On
// the server's SQLite the writes run on a worker thread (import-write-thread.ts) while the next file is read here.
import type { Deps } from '../../app-types';
import { createId, nowIso } from '../../db/ids';
import { refreshPlannerStatistics } from '../../platform/planner-statistics';
import { hasProductKey } from './feed-catalogue';
import { openThreadWrites } from './import-write-thread';
import {
  describeError,
  type FileCounts,
  saveRowsRead,
  saveRunProgress,
  startHeartbeat,
  writeInput,
  type ImportStatus,
  type ImportSummary,
  type RunState,
} from './import-run-writes';
import { LoopSlicer } from './loop-slicer';
import { createInProcessWrites, type ImportWrites, type RecordPart, type WriteThreadError } from './import-writes';
import { FeedError, type FeedRecord, type PriceSource, type SourceContext, type SourceInput } from './price-source';

export type { ImportError, ImportStatus, ImportSummary } from './import-run-writes';

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
  /**
   * The server's SQLite file: the writes then go on a worker thread with its own connection to it, so the event
   * loop never holds a chunk's transaction. Without it (PostgreSQL, the CLI) they go through `deps.db`.
   */
  sqliteFile?: string | null;
}

/** How often a long input's rows read so far are saved to the run, so the page shows rows moving inside it. */
const PROGRESS_EVERY_MS = 1_000;

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

/** Records per packed part: a part is serialised or handed over in well under a millisecond. */
const PART_RECORDS = 250;

/** Groups records into chunks of `chunkSize`, each a list of parts of at most PART_RECORDS packed by `pack`. */
class ChunkPacker {
  private part: FeedRecord[] = [];
  private parts: RecordPart[] = [];
  private inChunk = 0;

  constructor(
    private readonly chunkSize: number,
    private readonly pack: (records: FeedRecord[]) => RecordPart,
  ) {}

  /** Adds a record; returns the chunk it completes, if it does. */
  push(record: FeedRecord): RecordPart[] | null {
    this.part.push(record);
    this.inChunk += 1;
    if (this.inChunk >= this.chunkSize) return this.takeChunk();
    if (this.part.length >= PART_RECORDS) {
      this.parts.push(this.pack(this.part));
      this.part = [];
    }
    return null;
  }

  /** The last chunk, shorter than the others, if any record is left. */
  finish(): RecordPart[] | null {
    return this.inChunk > 0 ? this.takeChunk() : null;
  }

  private takeChunk(): RecordPart[] {
    if (this.part.length > 0) this.parts.push(this.pack(this.part));
    const chunk = this.parts;
    this.part = [];
    this.parts = [];
    this.inChunk = 0;
    return chunk;
  }
}

/** The input's records as packed chunks: a long input read again to be written. */
async function* packChunks(records: AsyncIterable<FeedRecord>, packer: ChunkPacker): AsyncGenerator<RecordPart[]> {
  for await (const record of records) {
    const chunk = packer.push(record);
    if (chunk) yield chunk;
  }
  const last = packer.finish();
  if (last) yield last;
}

interface CheckedInput {
  rows: number;
  counts: FileCounts;
  /** The input's chunks when it fits the buffer, else null (the caller reads it again). */
  kept: RecordPart[][] | null;
}

/** Reads the input whole, counting what it holds and keeping its chunks when it is short enough. */
async function checkInput(
  source: PriceSource,
  input: SourceInput,
  ctx: SourceContext,
  options: { limit: number; packer: ChunkPacker; onRowsRead: (rows: number) => void },
): Promise<CheckedInput> {
  const counts: FileCounts = { prices: 0, promotions: 0, stores: new Set() };
  let rows = 0;
  let kept: RecordPart[][] | null = [];
  let savedAt = Date.now();
  const slicer = new LoopSlicer();
  for await (const record of source.read(input, ctx)) {
    checkRecord(record);
    rows += 1;
    if (record.type === 'store') counts.stores.add(record.store.sourceRef);
    else if (record.type === 'price') counts.prices += 1;
    else counts.promotions += 1;
    // A stream hands over what it has buffered (a gzip'd file: several hundred KB of text) without returning to
    // the event loop; reading gives way every few milliseconds so other requests are answered meanwhile.
    if (slicer.isDue()) {
      await slicer.giveWay();
      if (Date.now() - savedAt >= PROGRESS_EVERY_MS) {
        savedAt = Date.now();
        options.onRowsRead(rows);
      }
    }
    if (!kept) continue;
    if (rows > options.limit) {
      kept = null;
      continue;
    }
    const chunk = options.packer.push(record);
    if (chunk) kept.push(chunk);
  }
  const last = kept ? options.packer.finish() : null;
  if (last) kept?.push(last);
  return { rows, counts, kept };
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
  const ctx: SourceContext = {
    log: deps.log,
    signal: options.signal ?? new AbortController().signal,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    config: options.config ?? {},
    onProgress: () => undefined,
  };
  const writes: ImportWrites = options.sqliteFile
    ? await openThreadWrites(options.sqliteFile, source.id)
    : await createInProcessWrites(deps.db, source.id);
  const chunkSize = options.chunkSize ?? 2000;
  const run: RunState = {
    deps,
    writes,
    runId,
    summary,
    onProgress: (state) => options.onProgress?.(state),
    rowsRead: 0,
    written: 0,
    stores: new Set(),
    products: new Set(),
  };
  const stopHeartbeat = startHeartbeat(run);
  try {
    let attempted = 0;
    // Reading a file overlaps writing the one before it: on SQLite the writes are on their own thread.
    let writing: Promise<WriteThreadError | null> = Promise.resolve(null);
    const finishWriting = async (): Promise<void> => {
      const fatal = await writing;
      writing = Promise.resolve(null);
      if (fatal) throw fatal;
    };
    for await (const input of options.inputs) {
      attempted += 1;
      let checked: CheckedInput;
      try {
        const rowsBefore = run.rowsRead;
        checked = await checkInput(source, input, ctx, {
          limit: options.keptRecords ?? KEPT_RECORDS,
          packer: new ChunkPacker(chunkSize, writes.pack),
          onRowsRead: (rows) => saveRowsRead(run, rowsBefore + rows),
        });
        run.rowsRead += checked.rows;
      } catch (error) {
        await finishWriting();
        summary.errors.push(describeError(input, error));
        await saveRunProgress(run, 'running', false);
        continue;
      }
      await finishWriting();
      const chunks = checked.kept ?? packChunks(source.read(input, ctx), new ChunkPacker(chunkSize, writes.pack));
      writing = writeInput(run, input, chunks, checked.counts);
      // A long input is read again as it is written: nothing to overlap.
      if (!checked.kept) await finishWriting();
    }
    await finishWriting();
    // A load of new rows leaves the planners' statistics behind: refresh them before the next reads plan on them. An
    // unchanged day wrote nothing, and analysing every table would be most of its time on PostgreSQL.
    if (run.written > 0) await refreshPlannerStatistics(deps.db, 'bulk-load');
    const status: ImportStatus = summary.errors.length === 0 ? 'succeeded' : summary.files > 0 || attempted === 0 ? 'partial' : 'failed';
    await saveRunProgress(run, status, true);
    return { ...summary, status, runId };
  } finally {
    stopHeartbeat();
    await writes.close();
  }
}
