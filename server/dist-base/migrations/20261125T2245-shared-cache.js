// server/src/db/migrations/20261125T2245-shared-cache.ts
async function up(db) {
  await db.schema.createTable("shared_cache").addColumn("key", "text", (c) => c.primaryKey()).addColumn("value_json", "text", (c) => c.notNull()).addColumn("expires_at", "text", (c) => c.notNull()).execute();
}
export {
  up
};
//# sourceMappingURL=20261125T2245-shared-cache.js.map
