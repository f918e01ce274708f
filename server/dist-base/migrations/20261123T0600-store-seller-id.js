// server/src/db/migrations/20261123T0600-store-seller-id.ts
async function up(db) {
  await db.schema.alterTable("store_locations").addColumn("seller_id", "text").execute();
  await db.schema.createIndex("store_locations_seller_id_idx").on("store_locations").column("seller_id").execute();
}
export {
  up
};
//# sourceMappingURL=20261123T0600-store-seller-id.js.map
