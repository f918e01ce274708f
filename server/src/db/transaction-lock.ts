import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Holds `key` until the surrounding transaction ends, so transactions that check-then-insert under the same key
 * run one after the other. PostgreSQL takes a transaction-scoped advisory lock (READ COMMITTED alone would let two
 * see the same "not there yet"); SQLite needs nothing, since its one connection runs one transaction at a time.
 */
export async function lockWithinTransaction(trx: Kysely<Database>, key: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
