// server/src/db/migrations/20261128T1120-deals-product-index.ts
async function up(db) {
  await db.schema.createIndex("deals_product_idx").on("deals").columns(["product_id", "status"]).execute();
}
export {
  up
};
//# sourceMappingURL=20261128T1120-deals-product-index.js.map
