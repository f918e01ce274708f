// server/src/db/migrations/20261126T0140-item-client-keys.ts
async function up(db) {
  await db.schema.alterTable("list_items").addColumn("client_key", "text").execute();
  await db.schema.createIndex("list_items_client_key_idx").unique().on("list_items").columns(["list_id", "client_key"]).execute();
  await db.schema.alterTable("pantry_items").addColumn("client_key", "text").execute();
  await db.schema.createIndex("pantry_items_client_key_idx").unique().on("pantry_items").columns(["user_id", "client_key"]).execute();
}
export {
  up
};
//# sourceMappingURL=20261126T0140-item-client-keys.js.map
