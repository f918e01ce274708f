import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * When a price-source run last showed it is alive. A queued or running run whose heartbeat (or, without one, its
 * start) is older than a few minutes was left by a server that stopped: it is marked failed so the source can run
 * again.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('price_source_runs').addColumn('heartbeat_at', 'text').execute();
}
