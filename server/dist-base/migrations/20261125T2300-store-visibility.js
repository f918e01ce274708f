// server/src/db/migrations/20261125T2300-store-visibility.ts
async function up(db) {
  await db.schema.alterTable("store_locations").addColumn("is_public", "integer", (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable("store_locations").addColumn("phone", "text").execute();
  await db.schema.createTable("store_confirmations").addColumn("store_id", "text", (c) => c.notNull().references("store_locations.id").onDelete("cascade")).addColumn("user_id", "text", (c) => c.notNull()).addColumn("created_at", "text", (c) => c.notNull()).addPrimaryKeyConstraint("store_confirmations_pk", ["store_id", "user_id"]).execute();
}
export {
  up
};
//# sourceMappingURL=20261125T2300-store-visibility.js.map
