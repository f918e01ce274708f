import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * Promotions a store publishes (multi-buys, unit discounts, club-only offers, coupons), as a price source gives
 * them; the plan reads the rules from them (contracts' domain/promotion-reading.ts and promotions.ts).
 * `chain_ref` is the source's chain key, which says how that chain's group prices are read.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('store_promotions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('store_locations.id').onDelete('cascade'))
    .addColumn('promotion_ref', 'text', (c) => c.notNull())
    .addColumn('chain_ref', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('min_quantity', 'double precision', (c) => c.notNull())
    .addColumn('discounted_price_minor', 'integer')
    .addColumn('discount_rate', 'double precision')
    .addColumn('min_purchase_minor', 'integer')
    .addColumn('is_club_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_coupon', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('store_promotions_store_ref_key', ['store_id', 'promotion_ref'])
    .execute();
  await db.schema
    .createTable('store_promotion_products')
    .addColumn('promotion_id', 'text', (c) => c.notNull().references('store_promotions.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('store_promotion_products_pk', ['promotion_id', 'product_id'])
    .execute();
  await db.schema.createIndex('store_promotion_products_product_idx').on('store_promotion_products').column('product_id').execute();
}
