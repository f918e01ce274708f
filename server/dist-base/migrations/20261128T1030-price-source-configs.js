// server/src/db/migrations/20261128T1030-price-source-configs.ts
async function up(db) {
  await db.schema.createTable("price_source_configs").addColumn("source_id", "text", (col) => col.primaryKey()).addColumn("is_enabled", "integer", (col) => col.notNull().defaultTo(0)).addColumn("schedule_hour", "integer").addColumn("area", "text", (col) => col.notNull().defaultTo("{}")).addColumn("credentials", "text", (col) => col.notNull().defaultTo("{}")).addColumn("updated_by", "text").addColumn("updated_at", "text", (col) => col.notNull()).execute();
}
export {
  up
};
//# sourceMappingURL=20261128T1030-price-source-configs.js.map
