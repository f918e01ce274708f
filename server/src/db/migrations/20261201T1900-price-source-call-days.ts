import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * Calls made to a metered source's API per UTC day (Kroger allows 10,000 a day per application), so that every
 * run of the day, on any instance, draws on one budget.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('price_source_call_days')
    .addColumn('source_id', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('calls', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('price_source_call_days_pk', ['source_id', 'day'])
    .execute();
}
