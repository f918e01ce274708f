import { PostgresAdapter, sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * SQLite has row triggers only: each price row inserted made two upserts (price_summaries, store_totals). A price
 * import's own INSERTs now skip them and update both tables once per chunk, grouped (feed-writer.ts): its connection
 * turns on `cartwise_deferred_totals()` around those statements with `cartwise_defer_totals(1)` and off again. The
 * functions are connection-local and registered on every connection the app opens (db/database.ts), so every other
 * writer (receipts, deals, merges, another connection's import) still fires the row triggers. PostgreSQL already
 * keeps both per statement (20261201T1920-set-based-price-totals).
 */
export async function up(db: Db): Promise<void> {
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
