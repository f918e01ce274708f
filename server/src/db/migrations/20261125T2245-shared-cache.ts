import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * Values worth computing once for every instance (the operator's stats), with when they go stale: a cache in the
 * database is the same for all instances on it, where an in-memory one showed each its own numbers.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('shared_cache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value_json', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}
