import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/** A product's GTIN, normalised to 13 (or 14) digits; one product per barcode. */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('products').addColumn('barcode', 'text').execute();
  await db.schema.createIndex('products_barcode_idx').on('products').column('barcode').unique().execute();
}
