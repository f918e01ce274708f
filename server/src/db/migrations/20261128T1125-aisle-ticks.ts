import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * Ticks at a store, which teach that store's aisle order: whose walk it is (the list's household, else its
 * shopper), the store, the product and its category, the trip (the plan being shopped, else the list and day) and
 * when. Read per walker and store, newest first.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('aisle_ticks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('walker_id', 'text', (c) => c.notNull())
    .addColumn('store_id', 'text', (c) => c.notNull().references('store_locations.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('category', 'text')
    .addColumn('trip_key', 'text', (c) => c.notNull())
    .addColumn('ticked_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('aisle_ticks_walker_store_idx').on('aisle_ticks').columns(['walker_id', 'store_id', 'ticked_at']).execute();
}
