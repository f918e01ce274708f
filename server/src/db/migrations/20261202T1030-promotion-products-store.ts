import { sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * promotion_products gains its promotion's store, and its product index becomes (product_id, store_id). A plan asks
 * for the promotions covering a few products at a few stores; with only (product_id) the database read every
 * promotion of those products at every store that runs one (a feed's national day puts each product in promotions
 * at hundreds of stores) and dropped all but the plan's stores after a look-up each. A promotion never changes
 * store (a store merge deletes the merged store's promotions with it), so the copy is written once, with the row.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('promotion_products').addColumn('store_id', 'text').execute();
  await sql`
    UPDATE promotion_products SET store_id = (SELECT store_id FROM promotions WHERE promotions.id = promotion_products.promotion_id)
  `.execute(db);
  await db.schema.dropIndex('promotion_products_product_idx').execute();
  await db.schema
    .createIndex('promotion_products_product_store_idx')
    .on('promotion_products')
    .columns(['product_id', 'store_id'])
    .execute();
}
