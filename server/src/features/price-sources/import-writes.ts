// Where an import's writes happen: in the calling process (PostgreSQL, the CLI), or on a worker thread with its own
// SQLite connection (import-write-thread.ts) so a server's event loop never holds a chunk's transaction. Both run
// the same ImportWriteSession; the pipeline talks to either through ImportWrites.
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { FeedCatalogue } from './feed-catalogue';
import { undoFileWrites } from './feed-file-undo';
import { findProductKeys, type ProductKeyCache } from './feed-product-keys';
import { FeedFileWriter, type ChunkCounts } from './feed-writer';
import type { FeedRecord } from './price-source';

/**
 * A part of a chunk as the pipeline keeps it between reading and writing: the records themselves (in process), or
 * their structured-clone bytes (for the write thread, record-parts.ts): off the heap while the file waits, and handed
 * to the thread without a copy.
 */
export type RecordPart = FeedRecord[] | Uint8Array;

export interface ImportWrites {
  /** Packs a part of a chunk for keeping until it is written. */
  pack(this: void, records: FeedRecord[]): RecordPart;
  /** Starts a file: the writer's per-file state (latest prices, promotions, what to undo) starts empty. */
  beginFile(): void;
  /** Writes a chunk (its packed parts) of the current file in one transaction. */
  writeChunk(parts: readonly RecordPart[]): Promise<ChunkCounts>;
  /** Takes back what the current file wrote (it failed part-way); the run's catalogue cache starts afresh. */
  undoFile(since: string): Promise<void>;
  /** Runs a statement of the run's own (its progress row) on the connection that writes the chunks. */
  execute(query: CompiledQuery): Promise<void>;
  close(): Promise<void>;
}

/** A run's catalogue cache and the current file's writer over one database connection. */
export class ImportWriteSession {
  private catalogue: FeedCatalogue;
  private writer: FeedFileWriter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly source: string,
    private readonly productKeys: ProductKeyCache,
  ) {
    this.catalogue = new FeedCatalogue(productKeys);
    this.writer = new FeedFileWriter(this.catalogue, source);
  }

  /** Checks the kept product keys against the catalogue's decisions; once, before the run's first chunk. */
  start(): Promise<void> {
    return this.productKeys.checkCatalogue(this.db);
  }

  beginFile(): void {
    this.writer = new FeedFileWriter(this.catalogue, this.source);
  }

  async writeChunk(records: readonly FeedRecord[]): Promise<ChunkCounts> {
    try {
      const counts = await this.db.transaction().execute((trx) => this.writer.writeChunk(trx, records));
      this.catalogue.keepChunkKeys();
      return counts;
    } catch (error) {
      this.catalogue.dropChunkKeys();
      // A kept key may be what failed (its product deleted by hand): the next run looks every key up again.
      this.productKeys.clear();
      throw error;
    }
  }

  async undoFile(since: string): Promise<void> {
    const { writer } = this;
    // The run's stores may be rows of the rolled-back chunk, whether or not the undo succeeds.
    this.catalogue = new FeedCatalogue(this.productKeys);
    this.writer = new FeedFileWriter(this.catalogue, this.source);
    await undoFileWrites(this.db, { source: this.source, since, storeIds: writer.pricedStoreIds(), changes: writer.changes });
  }

  async execute(query: CompiledQuery): Promise<void> {
    await this.db.executeQuery(query);
  }
}

/** The writes of an import that runs them on the caller's connection. */
export async function createInProcessWrites(db: Kysely<Database>, source: string): Promise<ImportWrites> {
  const session = new ImportWriteSession(db, source, findProductKeys(db));
  await session.start();
  return {
    pack: (records) => records,
    beginFile: () => session.beginFile(),
    writeChunk: (parts) => session.writeChunk(parts.length === 1 ? (parts[0] as FeedRecord[]) : (parts as FeedRecord[][]).flat()),
    undoFile: (since) => session.undoFile(since),
    execute: (query) => session.execute(query),
    close: () => Promise.resolve(),
  };
}

/** What a run asks the write thread, in its session (one per run); each request with an id is answered with it. */
export type WriteRequest =
  | { kind: 'open'; id: number; session: number; source: string }
  | { kind: 'begin-file'; session: number }
  /** A packed part of the next chunk (its bytes handed over, not copied). */
  | { kind: 'records'; session: number; bytes: Uint8Array }
  /** The chunk's last part: the chunk is written in one transaction. */
  | { kind: 'chunk'; id: number; session: number; bytes: Uint8Array }
  | { kind: 'undo'; id: number; session: number; since: string }
  | { kind: 'execute'; id: number; session: number; sql: string; parameters: readonly unknown[] }
  | { kind: 'end'; id: number; session: number }
  /** The server closes: the thread closes its connection. */
  | { kind: 'close'; id: number };

export type WriteResponse = { id: number; counts?: ChunkCounts } | { id: number; error: string };

/** What the write thread starts from (its workerData). */
export interface WriteThreadData {
  sqliteFile: string;
}

/** The write thread stopped (it crashed, or could not open the file): the run fails with this message. */
export class WriteThreadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WriteThreadError';
  }
}
