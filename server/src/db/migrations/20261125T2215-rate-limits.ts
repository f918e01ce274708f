import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * Throttle counters shared by every instance and kept across restarts: per-address request limits (better-auth's
 * and the app's), failed sign-ins per account, and code sends per phone number. Times are epoch milliseconds.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('blocked_until', 'bigint')
    .execute();
  await db.schema.createIndex('rate_limits_window_start_idx').on('rate_limits').column('window_start').execute();
}
