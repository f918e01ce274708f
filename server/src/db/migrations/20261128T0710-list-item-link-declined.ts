import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * A typed list item links itself to the product its name clearly means (on add, and again when a plan is made).
 * When the shopper undoes such a link, `link_declined` remembers it, so the name is not linked again behind their back.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('list_items')
    .addColumn('link_declined', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
