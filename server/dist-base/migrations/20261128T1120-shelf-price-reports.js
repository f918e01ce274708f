// server/src/db/migrations/20261128T1120-shelf-price-reports.ts
async function up(db) {
  await db.schema.createTable("shelf_price_reports").addColumn("id", "text", (c) => c.primaryKey()).addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade")).addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade")).addColumn("store_id", "text", (c) => c.notNull().references("store_locations.id").onDelete("cascade")).addColumn("observed_on", "text", (c) => c.notNull()).addColumn("unit_price_cents", "integer", (c) => c.notNull()).addColumn("currency", "text", (c) => c.notNull()).addColumn("status", "text", (c) => c.notNull().defaultTo("pending")).addColumn("created_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("shelf_price_reports_match_idx").on("shelf_price_reports").columns(["product_id", "store_id", "unit_price_cents"]).execute();
  await db.schema.createIndex("shelf_price_reports_status_idx").on("shelf_price_reports").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("shelf_price_reports_user_idx").on("shelf_price_reports").column("user_id").execute();
}
export {
  up
};
//# sourceMappingURL=20261128T1120-shelf-price-reports.js.map
