// server/src/db/migrations/20261128T1410-price-run-heartbeats.ts
async function up(db) {
  await db.schema.alterTable("price_source_runs").addColumn("heartbeat_at", "text").execute();
}
export {
  up
};
//# sourceMappingURL=20261128T1410-price-run-heartbeats.js.map
