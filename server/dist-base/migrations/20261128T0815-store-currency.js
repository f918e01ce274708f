// server/src/db/migrations/20261128T0815-store-currency.ts
async function up(db) {
  await db.schema.alterTable("store_locations").addColumn("currency", "text").execute();
}
export {
  up
};
//# sourceMappingURL=20261128T0815-store-currency.js.map
