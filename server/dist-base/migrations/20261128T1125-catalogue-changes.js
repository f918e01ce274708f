// server/src/db/migrations/20261128T1125-catalogue-changes.ts
import { sql } from "kysely";
async function up(db) {
  await db.schema.alterTable("products").addColumn("owner_user_id", "text").execute();
  await db.schema.createIndex("products_owner_idx").on("products").column("owner_user_id").execute();
  await db.schema.dropIndex("products_barcode_idx").execute();
  await sql`CREATE UNIQUE INDEX products_public_barcode_idx ON products (barcode) WHERE owner_user_id IS NULL`.execute(db);
  await db.schema.createIndex("products_barcode_idx").on("products").column("barcode").execute();
  await db.schema.alterTable("product_aliases").addColumn("user_id", "text").execute();
  await db.schema.createIndex("product_aliases_user_idx").on("product_aliases").columns(["user_id", "alias"]).execute();
  await db.schema.createTable("catalogue_changes").addColumn("id", "text", (c) => c.primaryKey()).addColumn("kind", "text", (c) => c.notNull()).addColumn("status", "text", (c) => c.notNull().defaultTo("pending")).addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade")).addColumn("chain_id", "text").addColumn("alias", "text").addColumn("barcode", "text").addColumn("proposed_by", "text").addColumn("previous_product_id", "text").addColumn("decided_by", "text").addColumn("decided_how", "text").addColumn("decided_at", "text").addColumn("created_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("catalogue_changes_status_idx").on("catalogue_changes").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("catalogue_changes_alias_idx").on("catalogue_changes").columns(["alias", "chain_id"]).execute();
  await db.schema.createIndex("catalogue_changes_product_idx").on("catalogue_changes").column("product_id").execute();
  await db.schema.createIndex("catalogue_changes_proposer_idx").on("catalogue_changes").column("proposed_by").execute();
}
export {
  up
};
//# sourceMappingURL=20261128T1125-catalogue-changes.js.map
