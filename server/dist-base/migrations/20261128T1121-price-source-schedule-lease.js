// server/src/db/migrations/20261128T1121-price-source-schedule-lease.ts
async function up(db) {
  await db.schema.alterTable("price_source_configs").addColumn("last_scheduled_on", "text").execute();
}
export {
  up
};
//# sourceMappingURL=20261128T1121-price-source-schedule-lease.js.map
