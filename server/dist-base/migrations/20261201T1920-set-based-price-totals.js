// server/src/db/migrations/20261201T1920-set-based-price-totals.ts
import { PostgresAdapter, sql } from "kysely";
async function up(db) {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`DROP TRIGGER price_summaries_insert_delete ON price_observations`.execute(db);
  await sql`DROP TRIGGER store_totals_price_observations_insert_delete ON price_observations`.execute(db);
  await sql`
    CREATE FUNCTION price_summaries_add_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO price_summaries (store_id, product_id, observation_count, latest_observed_on)
      SELECT store_id, product_id, COUNT(*), MAX(observed_on) FROM added_rows
      GROUP BY store_id, product_id ORDER BY store_id, product_id
      ON CONFLICT (store_id, product_id) DO UPDATE SET
        observation_count = price_summaries.observation_count + EXCLUDED.observation_count,
        latest_observed_on = GREATEST(price_summaries.latest_observed_on, EXCLUDED.latest_observed_on);
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE FUNCTION price_summaries_remove_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE price_summaries s SET
        observation_count = s.observation_count - r.removed,
        latest_observed_on = CASE WHEN r.newest < s.latest_observed_on THEN s.latest_observed_on ELSE COALESCE(
          (SELECT MAX(o.observed_on) FROM price_observations o WHERE o.store_id = s.store_id AND o.product_id = s.product_id),
          s.latest_observed_on) END
      FROM (
        SELECT store_id, product_id, COUNT(*) AS removed, MAX(observed_on) AS newest FROM removed_rows
        GROUP BY store_id, product_id ORDER BY store_id, product_id
      ) r
      WHERE s.store_id = r.store_id AND s.product_id = r.product_id;
      DELETE FROM price_summaries s USING (SELECT DISTINCT store_id, product_id FROM removed_rows) r
      WHERE s.store_id = r.store_id AND s.product_id = r.product_id AND s.observation_count <= 0;
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE FUNCTION store_totals_add_observations() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO store_totals (store_id, observation_count)
      SELECT store_id, COUNT(*) FROM added_rows WHERE store_id IS NOT NULL GROUP BY store_id ORDER BY store_id
      ON CONFLICT (store_id) DO UPDATE SET observation_count = store_totals.observation_count + EXCLUDED.observation_count;
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE FUNCTION store_totals_remove_observations() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE store_totals t SET observation_count = t.observation_count - r.removed
      FROM (SELECT store_id, COUNT(*) AS removed FROM removed_rows GROUP BY store_id ORDER BY store_id) r
      WHERE t.store_id = r.store_id;
      RETURN NULL;
    END $$
  `.execute(db);
  for (const [name, event, table, fn] of [
    ["price_summaries_insert_rows", "INSERT", "NEW TABLE AS added_rows", "price_summaries_add_rows"],
    ["price_summaries_delete_rows", "DELETE", "OLD TABLE AS removed_rows", "price_summaries_remove_rows"],
    ["store_totals_insert_observations", "INSERT", "NEW TABLE AS added_rows", "store_totals_add_observations"],
    ["store_totals_delete_observations", "DELETE", "OLD TABLE AS removed_rows", "store_totals_remove_observations"]
  ])
    await sql`
      CREATE TRIGGER ${sql.id(name)} AFTER ${sql.raw(event)} ON price_observations
      REFERENCING ${sql.raw(table)} FOR EACH STATEMENT EXECUTE FUNCTION ${sql.id(fn)}()
    `.execute(db);
}
export {
  up
};
//# sourceMappingURL=20261201T1920-set-based-price-totals.js.map
