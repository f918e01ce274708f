// server/src/db/migrations/20261128T0852-price-feeds.ts
import { sql } from "kysely";
async function up(db) {
  await db.schema.alterTable("store_locations").addColumn("source_ref", "text").execute();
  await db.schema.createIndex("store_locations_source_ref_idx").on("store_locations").column("source_ref").unique().execute();
  await db.schema.alterTable("store_chains").addColumn("source_ref", "text").execute();
  await db.schema.createIndex("store_chains_source_ref_idx").on("store_chains").column("source_ref").unique().execute();
  await db.schema.alterTable("price_observations").addColumn("currency", "text").execute();
  await db.schema.alterTable("price_observations").addColumn("kind", "text", (c) => c.notNull().defaultTo("regular")).execute();
  await sql`
    UPDATE price_observations SET currency = (
      SELECT store_locations.currency FROM store_locations WHERE store_locations.id = price_observations.store_id)
  `.execute(db);
  await db.schema.createTable("product_codes").addColumn("chain_id", "text", (c) => c.notNull().references("store_chains.id").onDelete("cascade")).addColumn("code", "text", (c) => c.notNull()).addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade")).addPrimaryKeyConstraint("product_codes_pk", ["chain_id", "code"]).execute();
  await db.schema.createTable("promotions").addColumn("id", "text", (c) => c.primaryKey()).addColumn("store_id", "text", (c) => c.notNull().references("store_locations.id").onDelete("cascade")).addColumn("source_promotion_id", "text", (c) => c.notNull()).addColumn("description", "text", (c) => c.notNull()).addColumn("min_quantity", "double precision", (c) => c.notNull().defaultTo(1)).addColumn("discounted_price_minor", "integer").addColumn("discount_rate", "double precision").addColumn("min_purchase_minor", "integer").addColumn("is_club_only", "integer", (c) => c.notNull().defaultTo(0)).addColumn("club_ids", "text", (c) => c.notNull().defaultTo("[]")).addColumn("is_coupon", "integer", (c) => c.notNull().defaultTo(0)).addColumn("valid_from", "text").addColumn("valid_to", "text").addColumn("currency", "text", (c) => c.notNull()).addColumn("source", "text", (c) => c.notNull()).addColumn("updated_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("promotions_store_source_idx").on("promotions").columns(["store_id", "source_promotion_id"]).unique().execute();
  await db.schema.createTable("promotion_products").addColumn("promotion_id", "text", (c) => c.notNull().references("promotions.id").onDelete("cascade")).addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade")).addPrimaryKeyConstraint("promotion_products_pk", ["promotion_id", "product_id"]).execute();
  await db.schema.createIndex("promotion_products_product_idx").on("promotion_products").column("product_id").execute();
  await db.schema.createTable("price_source_runs").addColumn("id", "text", (c) => c.primaryKey()).addColumn("source_id", "text", (c) => c.notNull()).addColumn("status", "text", (c) => c.notNull()).addColumn("files_done", "integer", (c) => c.notNull().defaultTo(0)).addColumn("rows_read", "integer", (c) => c.notNull().defaultTo(0)).addColumn("summary", "text", (c) => c.notNull().defaultTo("{}")).addColumn("errors", "text", (c) => c.notNull().defaultTo("[]")).addColumn("started_by", "text").addColumn("started_at", "text", (c) => c.notNull()).addColumn("finished_at", "text").execute();
  await db.schema.createIndex("price_source_runs_started_idx").on("price_source_runs").columns(["source_id", "started_at"]).execute();
}
export {
  up
};
//# sourceMappingURL=20261128T0852-price-feeds.js.map
