import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * The day (YYYY-MM-DD, UTC) a source's scheduled run was last claimed: an instance claims the day with a conditional
 * update before it runs, so with several instances only one runs it.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('price_source_configs').addColumn('last_scheduled_on', 'text').execute();
}
