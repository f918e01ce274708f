// server/src/db/migrations/20261128T0850-store-duplicate-indexes.ts
import { sql } from "kysely";
async function up(db) {
  await db.schema.createIndex("store_locations_chain_address_idx").on("store_locations").columns(["chain_id"]).expression(sql`lower(address)`).execute();
  await db.schema.createIndex("store_locations_phone_idx").on("store_locations").column("phone").execute();
}
export {
  up
};
//# sourceMappingURL=20261128T0850-store-duplicate-indexes.js.map
