// server/src/db/migrations/20261128T0911-finished-trips.ts
async function up(db) {
  const columns = [
    ["lines_json", "text"],
    ["best_single_trip_cents", "integer"],
    ["savings_cap_cents", "integer"],
    ["finished_at", "text"],
    ["spent_cents", "integer"],
    ["bought_count", "integer"]
  ];
  for (const [name, type] of columns) await db.schema.alterTable("split_cart_plans").addColumn(name, type).execute();
}
export {
  up
};
//# sourceMappingURL=20261128T0911-finished-trips.js.map
