// server/src/db/migrations/20261128T0830-delivery-and-distance.ts
async function up(db) {
  const storeColumns = [
    ["lat", "double precision"],
    ["lon", "double precision"],
    ["delivery_fee_cents", "integer"],
    ["min_order_cents", "integer"]
  ];
  for (const [name, type] of storeColumns) await db.schema.alterTable("store_locations").addColumn(name, type).execute();
  await db.schema.alterTable("store_locations").addColumn("is_online", "integer", (c) => c.notNull().defaultTo(0)).execute();
  const profileColumns = [
    ["home_lat", "double precision"],
    ["home_lon", "double precision"],
    ["store_radius_km", "double precision"],
    ["trip_cost_per_km_cents", "integer"]
  ];
  for (const [name, type] of profileColumns) await db.schema.alterTable("profiles").addColumn(name, type).execute();
}
export {
  up
};
//# sourceMappingURL=20261128T0830-delivery-and-distance.js.map
