// server/src/db/migrations/20261126T0820-latest-price-index.ts
import { PostgresAdapter } from "kysely";
async function up(db) {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema.createIndex("price_observations_latest_idx").on("price_observations").columns(["product_id", "store_id", "is_deal", "observed_on desc", "created_at desc", "id desc"]).execute();
}
export {
  up
};
//# sourceMappingURL=20261126T0820-latest-price-index.js.map
