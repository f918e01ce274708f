// Where an import's writes happen: in the calling process (PostgreSQL, the CLI), or on a worker thread with its own
// SQLite connection (import-write-thread.ts) so a server's event loop never holds a chunk's transaction. Both run
// the same ImportWriteSession; the pipeline talks to either through ImportWrites.
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { FeedCatalogue } from './feed-catalogue';
import { undoFileWrites } from './feed-file-undo';
import { FeedFileWriter, type ChunkCounts } from './feed-writer';
import type { FeedRecord } from './price-source';

export interface ImportWrites {
  /** Starts a file: the writer's per-file state (latest prices, promotions, what to undo) starts empty. */
  beginFile(): void;
  /** Writes a chunk of the current file in one transaction. */
  writeChunk(records: FeedRecord[]): Promise<ChunkCounts>;
  /** Takes back what the current file wrote (it failed part-way); the run's catalogue cache starts afresh. */
  undoFile(since: string): Promise<void>;
  /** Runs a statement of the run's own (its progress row) on the connection that writes the chunks. */
  execute(query: CompiledQuery): Promise<void>;
  close(): Promise<void>;
}

/** The run's catalogue cache and the current file's writer over one database connection. */
export class ImportWriteSession {
  private catalogue = new FeedCatalogue();
  private writer: FeedFileWriter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly source: string,
  ) {
    this.writer = new FeedFileWriter(this.catalogue, source);
  }

  beginFile(): void {
    this.writer = new FeedFileWriter(this.catalogue, this.source);
  }

  writeChunk(records: readonly FeedRecord[]): Promise<ChunkCounts> {
    return this.db.transaction().execute((trx) => this.writer.writeChunk(trx, records));
  }

  async undoFile(since: string): Promise<void> {
    const { writer } = this;
    // The cache may hold rows of the rolled-back chunk, whether or not the undo succeeds.
    this.catalogue = new FeedCatalogue();
    this.writer = new FeedFileWriter(this.catalogue, this.source);
    await undoFileWrites(this.db, { source: this.source, since, storeIds: writer.pricedStoreIds(), changes: writer.changes });
  }

  async execute(query: CompiledQuery): Promise<void> {
    await this.db.executeQuery(query);
  }
}

/** The writes of an import that runs them on the caller's connection. */
export function createInProcessWrites(db: Kysely<Database>, source: string): ImportWrites {
  const session = new ImportWriteSession(db, source);
  return {
    beginFile: () => session.beginFile(),
    writeChunk: (records) => session.writeChunk(records),
    undoFile: (since) => session.undoFile(since),
    execute: (query) => session.execute(query),
    close: () => Promise.resolve(),
  };
}

/** What the pipeline asks the write thread; each request with an id is answered with it. */
export type WriteRequest =
  | { kind: 'begin-file' }
  /** Records of the next chunk, sent in parts so no one copy between the threads holds the event loop long. */
  | { kind: 'records'; records: FeedRecord[] }
  /** The chunk's last part: the chunk is written in one transaction. */
  | { kind: 'chunk'; id: number; records: FeedRecord[] }
  | { kind: 'undo'; id: number; since: string }
  | { kind: 'execute'; id: number; sql: string; parameters: readonly unknown[] }
  | { kind: 'close'; id: number };

export type WriteResponse = { id: number; counts?: ChunkCounts } | { id: number; error: string };

/** What the write thread starts from (its workerData). */
export interface WriteThreadData {
  sqliteFile: string;
  source: string;
}

/** The write thread stopped (it crashed, or could not open the file): the run fails with this message. */
export class WriteThreadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WriteThreadError';
  }
}
