// server/src/db/migrations/20261201T1900-price-source-call-days.ts
async function up(db) {
  await db.schema.createTable("price_source_call_days").addColumn("source_id", "text", (col) => col.notNull()).addColumn("day", "text", (col) => col.notNull()).addColumn("calls", "integer", (col) => col.notNull().defaultTo(0)).addPrimaryKeyConstraint("price_source_call_days_pk", ["source_id", "day"]).execute();
}
export {
  up
};
//# sourceMappingURL=20261201T1900-price-source-call-days.js.map
