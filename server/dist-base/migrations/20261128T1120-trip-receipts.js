// server/src/db/migrations/20261128T1120-trip-receipts.ts
async function up(db) {
  await db.schema.alterTable("split_cart_plans").addColumn("bought_json", "text").execute();
  await db.schema.createTable("trip_receipts").addColumn("plan_id", "text", (c) => c.notNull().references("split_cart_plans.id").onDelete("cascade")).addColumn("store_id", "text", (c) => c.notNull()).addColumn("receipt_id", "text", (c) => c.notNull().unique().references("receipts.id").onDelete("cascade")).addColumn("created_at", "text", (c) => c.notNull()).addPrimaryKeyConstraint("trip_receipts_pk", ["plan_id", "store_id"]).execute();
}
export {
  up
};
//# sourceMappingURL=20261128T1120-trip-receipts.js.map
