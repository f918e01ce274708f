// server/src/db/migrations/20261201T2340-import-deferred-price-totals.ts
import { PostgresAdapter, sql } from "kysely";
async function up(db) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`DROP TRIGGER price_summaries_insert`.execute(db);
  await sql`
    CREATE TRIGGER price_summaries_insert AFTER INSERT ON price_observations WHEN cartwise_deferred_totals() = 0 BEGIN
      INSERT INTO price_summaries (store_id, product_id, observation_count, latest_observed_on)
      VALUES (new.store_id, new.product_id, 1, new.observed_on)
      ON CONFLICT (store_id, product_id) DO UPDATE SET
        observation_count = price_summaries.observation_count + 1,
        latest_observed_on = MAX(price_summaries.latest_observed_on, excluded.latest_observed_on);
    END
  `.execute(db);
  await sql`DROP TRIGGER store_totals_price_observations_insert`.execute(db);
  await sql`
    CREATE TRIGGER store_totals_price_observations_insert AFTER INSERT ON price_observations
    WHEN cartwise_deferred_totals() = 0 BEGIN
      INSERT INTO store_totals (store_id, observation_count) SELECT new.store_id, 1 WHERE new.store_id IS NOT NULL
      ON CONFLICT (store_id) DO UPDATE SET observation_count = store_totals.observation_count + 1;
    END
  `.execute(db);
}
export {
  up
};
//# sourceMappingURL=20261201T2340-import-deferred-price-totals.js.map
