// server/src/db/migrations/20261128T1125-aisle-ticks.ts
async function up(db) {
  await db.schema.createTable("aisle_ticks").addColumn("id", "text", (c) => c.primaryKey()).addColumn("walker_id", "text", (c) => c.notNull()).addColumn("store_id", "text", (c) => c.notNull().references("store_locations.id").onDelete("cascade")).addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade")).addColumn("category", "text").addColumn("trip_key", "text", (c) => c.notNull()).addColumn("ticked_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("aisle_ticks_walker_store_idx").on("aisle_ticks").columns(["walker_id", "store_id", "ticked_at"]).execute();
}
export {
  up
};
//# sourceMappingURL=20261128T1125-aisle-ticks.js.map
