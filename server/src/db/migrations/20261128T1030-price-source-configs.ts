import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * The operator's settings of each price source: whether it runs on schedule, at which hour (UTC), over which area
 * (a city, a ZIP code or a point and radius, as JSON) and its credentials (JSON, never sent back to a browser).
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('price_source_configs')
    .addColumn('source_id', 'text', (col) => col.primaryKey())
    .addColumn('is_enabled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('schedule_hour', 'integer')
    .addColumn('area', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('credentials', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}
