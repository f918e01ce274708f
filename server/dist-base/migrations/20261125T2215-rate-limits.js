// server/src/db/migrations/20261125T2215-rate-limits.ts
async function up(db) {
  await db.schema.createTable("rate_limits").addColumn("key", "text", (c) => c.primaryKey()).addColumn("hits", "integer", (c) => c.notNull()).addColumn("window_start", "bigint", (c) => c.notNull()).addColumn("blocked_until", "bigint").execute();
  await db.schema.createIndex("rate_limits_window_start_idx").on("rate_limits").column("window_start").execute();
}
export {
  up
};
//# sourceMappingURL=20261125T2215-rate-limits.js.map
