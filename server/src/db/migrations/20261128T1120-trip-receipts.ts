import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * Receipts that price a finished trip at what was paid. A finished trip keeps the lines it counted as bought (with
 * their products); a receipt of the same shopper at one of the trip's stores, dated on the trip's days, is matched
 * to it: one receipt per trip and store, and a receipt proves one trip only. Deleting either drops the match.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('split_cart_plans').addColumn('bought_json', 'text').execute();
  await db.schema
    .createTable('trip_receipts')
    .addColumn('plan_id', 'text', (c) => c.notNull().references('split_cart_plans.id').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('receipt_id', 'text', (c) => c.notNull().unique().references('receipts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('trip_receipts_pk', ['plan_id', 'store_id'])
    .execute();
}
