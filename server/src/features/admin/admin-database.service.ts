import fs from 'node:fs/promises';
import { sql } from 'kysely';
import type { TDatabaseInfo, TDatabaseTable, TSystemHealth } from '@cartwise/contracts';
import type { Deps } from '../../app-types';

/** The 7 tables the database page lists. */
export const MONITORED_TABLES = [
  'profiles',
  'receipts',
  'shopping_lists',
  'pantry_items',
  'deals',
  'store_locations',
  'store_chains',
] as const;
export type MonitoredTable = (typeof MONITORED_TABLES)[number];

const BYTES_PER_MB = 1024 * 1024;

function toMb(bytes: number): number {
  return Math.round((bytes / BYTES_PER_MB) * 100) / 100;
}

export async function countRows(
  app: Deps<'db'>,
  table: MonitoredTable | 'notification_log' | 'audit_log' | 'notifications',
): Promise<number> {
  const row = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Bytes a table (with its indexes) occupies, or null when the database cannot tell. */
async function measureTable(app: Deps<'database' | 'db' | 'log'>, table: MonitoredTable): Promise<number | null> {
  try {
    if (app.database.kind === 'postgres') {
      const result = await sql<{ size: number }>`select pg_total_relation_size(${table}::regclass) as size`.execute(app.db);
      return Number(result.rows[0]?.size ?? 0);
    }
    // dbstat is an optional SQLite virtual table; builds without it land in the catch.
    const result = await sql<{ size: number | null }>`select sum(pgsize) as size from dbstat where name = ${table}`.execute(app.db);
    return Number(result.rows[0]?.size ?? 0);
  } catch (err) {
    app.log.debug({ err, table }, 'table size unavailable');
    return null;
  }
}

async function listTables(app: Deps<'database' | 'db' | 'log'>): Promise<TDatabaseTable[]> {
  const tables: TDatabaseTable[] = [];
  for (const name of MONITORED_TABLES) {
    tables.push({ name, row_count: await countRows(app, name), size_bytes: await measureTable(app, name) });
  }
  return tables;
}

async function fileSize(file: string): Promise<number> {
  try {
    return (await fs.stat(file)).size;
  } catch {
    return 0;
  }
}

async function checkDatabase(app: Deps<'database' | 'db' | 'log'>): Promise<TSystemHealth['database']> {
  try {
    if (app.database.kind === 'postgres') {
      const result = await sql<{ size: number }>`select pg_database_size(current_database()) as size`.execute(app.db);
      return { status: 'healthy', size_mb: toMb(Number(result.rows[0]?.size ?? 0)) };
    }
    await sql`select 1`.execute(app.db);
    const file = app.database.sqlitePath ?? '';
    const bytes = (await fileSize(file)) + (await fileSize(`${file}-wal`));
    return { status: 'healthy', size_mb: toMb(bytes) };
  } catch (err) {
    app.log.error({ err }, 'database health check failed');
    return { status: 'down', size_mb: 0 };
  }
}

async function checkStorage(app: Deps<'files' | 'log'>): Promise<TSystemHealth['storage']> {
  try {
    await app.files.check();
    return { status: 'healthy', size_mb: toMb(await app.files.totalBytes()) };
  } catch (err) {
    app.log.error({ err, store: app.files.kind }, 'file storage is not writable or not reachable');
    return { status: 'down', size_mb: 0 };
  }
}

async function checkAuth(app: Deps<'db' | 'log'>): Promise<TSystemHealth['auth']> {
  try {
    const row = await app.db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return { status: 'healthy', total_users: Number(row.n) };
  } catch (err) {
    app.log.error({ err }, 'auth health check failed');
    return { status: 'down', total_users: 0 };
  }
}

export async function getDatabaseInfo(app: Deps<'database' | 'db' | 'files' | 'log'>): Promise<TDatabaseInfo> {
  const [tables, database, storage, auth] = await Promise.all([listTables(app), checkDatabase(app), checkStorage(app), checkAuth(app)]);
  return { kind: app.database.kind, tables, health: { database, storage, auth }, checked_at: new Date().toISOString() };
}
