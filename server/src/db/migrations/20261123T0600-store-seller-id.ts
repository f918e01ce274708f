import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * The seller's registration number (GST/VAT/company number) printed on receipts from a store location: a receipt read
 * later with the same number belongs to that store, however its name was misread.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('store_locations').addColumn('seller_id', 'text').execute();
  await db.schema.createIndex('store_locations_seller_id_idx').on('store_locations').column('seller_id').execute();
}
