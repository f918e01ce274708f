import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * Indexes behind the operator pages' per-store figures: the price book groups observations by store (and store,
 * product), the stores page counts receipts and deals per store. Without them each load scanned (or, on SQLite,
 * built a temporary index over) every row.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('price_observations_store_idx')
    .on('price_observations')
    .columns(['store_id', 'product_id', 'observed_on'])
    .execute();
  await db.schema.createIndex('receipts_store_idx').on('receipts').column('store_id').execute();
  await db.schema.createIndex('deals_store_idx').on('deals').column('store_id').execute();
}
