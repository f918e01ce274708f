// server/src/db/migrations/20261125T2210-product-barcode.ts
async function up(db) {
  await db.schema.alterTable("products").addColumn("barcode", "text").execute();
  await db.schema.createIndex("products_barcode_idx").on("products").column("barcode").unique().execute();
}
export {
  up
};
//# sourceMappingURL=20261125T2210-product-barcode.js.map
