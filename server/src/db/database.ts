import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery, type Dialect, type SqliteDatabase } from 'kysely';
import type { Database } from './schema';
import { createCacheTrust, isReadOnlySql, registerCacheTrust, type CacheTrust } from './cache-trust';
import { prepareRepeatedStatements } from './prepared-statements';
import { noteWritesOf } from './write-noting-dialect';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** SQLite file path (null on PostgreSQL), for size reporting and backups. */
  sqlitePath: string | null;
  /** PostgreSQL pool (null on SQLite), for LISTEN/NOTIFY. */
  pool: pg.Pool | null;
  /** When cached reads may skip their version read (db/cache-trust.ts); PostgreSQL's trusts once notices arrive. */
  trust: CacheTrust;
  close(): Promise<void>;
}

// COUNT(*) and SUM() come back as strings from pg's int8; parse them so both databases answer numbers.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

export function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  /** Told when an idle pooled connection fails (server restart, network cut); the pool replaces it. */
  onIdleConnectionError?: (err: Error) => void;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Without a listener, pg re-emits an idle client's error on the pool and Node ends the process.
    pool.on('error', options.onIdleConnectionError ?? ((err) => console.error('idle PostgreSQL connection failed:', err.message)));
    prepareRepeatedStatements(pool);
    const trust = createCacheTrust({ isListening: false });
    const dialect: Dialect = noteWritesOf(new PostgresDialect({ pool }), trust.noteWrite);
    const db = new Kysely<Database>({ dialect });
    registerCacheTrust(db, trust);
    return { db, kind: 'postgres', sqlitePath: null, pool, trust, close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlitePath = path.join(options.dataDir, 'cartwise.sqlite');
  const sqlite = openSqliteConnection(sqlitePath);
  const statements = withStatementCache(sqlite);
  const trust = createCacheTrust({ isListening: true });
  const db = new Kysely<Database>({ dialect: noteWritesOf(new SqliteDialect({ database: statements }), trust.noteWrite) });
  registerCacheTrust(db, trust);
  idleReaders.set(db, (query) => {
    // A write (an INSERT ... RETURNING reads back rows too) goes through Kysely, whose driver notes it.
    if (sqlite.inTransaction || !isReadOnlySql(query.sql)) return undefined;
    const statement = statements.prepare(query.sql) as SQLite.Statement;
    return statement.reader ? (statement.all(query.parameters as unknown[]) as unknown[]) : undefined;
  });
  const stopWatching = watchOtherConnections(sqlite, trust);
  const close = async () => {
    stopWatching();
    await db.destroy();
  };
  return { db, kind: 'sqlite', sqlitePath, pool: null, trust, close };
}

/** A connection to the app's SQLite file as every part of the app opens it (the server, a worker thread, the CLI). */
export function openSqliteConnection(sqlitePath: string): SQLite.Database {
  const sqlite = new SQLite(sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  registerDeferredTotals(sqlite);
  return sqlite;
}

/**
 * `cartwise_deferred_totals()`, which the INSERT triggers of price_observations check: 0 (the row triggers keep
 * price_summaries and store_totals) unless this connection's price import turned it on with
 * `SELECT cartwise_defer_totals(1)` around its own INSERTs, which then update both tables per chunk.
 * Connection-local: another connection's writes keep their triggers.
 */
function registerDeferredTotals(sqlite: SQLite.Database): void {
  let isDeferred = 0;
  sqlite.function('cartwise_deferred_totals', () => isDeferred);
  sqlite.function('cartwise_defer_totals', (on: unknown) => (isDeferred = on === 1 || on === 1n ? 1 : 0));
}

/**
 * A Kysely over a connection of its own to the SQLite file, for a worker thread that writes beside the server's
 * connection (WAL lets the server read meanwhile; a writer waits for the other's commit up to the busy timeout).
 */
export function openSqliteKysely(sqlitePath: string): Kysely<Database> {
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(openSqliteConnection(sqlitePath)) }) });
}

/** How often another connection's commit to the same file (a CLI, a second server by mistake) is looked for. */
export const SQLITE_DATA_VERSION_INTERVAL_MS = 250;

/**
 * `PRAGMA data_version` changes when another connection commits to the file; checking it costs most of a small
 * read, so it runs on a timer rather than per request, and a change makes every trusted version stale. Writes of
 * this connection raise the epoch themselves (write-noting-dialect.ts).
 */
function watchOtherConnections(sqlite: SQLite.Database, trust: CacheTrust): () => void {
  const readDataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let seen = readDataVersion.get();
  const timer = setInterval(() => {
    if (!sqlite.open) return;
    const now = readDataVersion.get();
    if (now === seen) return;
    seen = now;
    trust.noteWrite();
  }, SQLITE_DATA_VERSION_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

type IdleReader = (query: CompiledQuery) => unknown[] | undefined;
const idleReaders = new WeakMap<Kysely<Database>, IdleReader>();

/**
 * Answers a read at once on SQLite when no transaction is open on the connection, or returns undefined (PostgreSQL,
 * a transaction's handle, a transaction in progress, a statement that writes). better-sqlite3 is synchronous, so
 * outside a transaction a statement sees exactly what Kysely's queued call would; inside one it could see
 * uncommitted rows, which is why an open transaction sends the read back through Kysely, behind its lock. Skipping
 * Kysely's connection queue saves the promises and locking that cost more than a primary-key read.
 */
export function readIfNoTransaction<O>(db: Kysely<Database>, query: CompiledQuery): O[] | undefined {
  return idleReaders.get(db)?.(query) as O[] | undefined;
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh, and preparing cost as much as running a small read. The app sends the same
 * few hundred SQL texts over and over, so prepared statements are kept by SQL text (least recently used dropped
 * first). A statement still iterating (a streamed query) is busy: that caller gets a fresh one.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (cached) return statement;
      statements.set(sql, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}
