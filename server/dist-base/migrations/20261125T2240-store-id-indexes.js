// server/src/db/migrations/20261125T2240-store-id-indexes.ts
async function up(db) {
  await db.schema.createIndex("price_observations_store_idx").on("price_observations").columns(["store_id", "product_id", "observed_on"]).execute();
  await db.schema.createIndex("receipts_store_idx").on("receipts").column("store_id").execute();
  await db.schema.createIndex("deals_store_idx").on("deals").column("store_id").execute();
}
export {
  up
};
//# sourceMappingURL=20261125T2240-store-id-indexes.js.map
