// server/src/db/migrations/20261126T0200-price-summaries.ts
import { PostgresAdapter, sql } from "kysely";
async function up(db) {
  await db.schema.createTable("price_summaries").addColumn("store_id", "text", (c) => c.notNull()).addColumn("product_id", "text", (c) => c.notNull()).addColumn("observation_count", "integer", (c) => c.notNull()).addColumn("latest_observed_on", "text", (c) => c.notNull()).addPrimaryKeyConstraint("price_summaries_pk", ["store_id", "product_id"]).execute();
  await db.schema.createIndex("price_summaries_store_idx").on("price_summaries").columns(["store_id", "latest_observed_on", "observation_count"]).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
  await sql`
    INSERT INTO price_summaries (store_id, product_id, observation_count, latest_observed_on)
    SELECT store_id, product_id, COUNT(*), MAX(observed_on) FROM price_observations GROUP BY store_id, product_id
  `.execute(db);
}
var sqliteAdd = (row) => sql.raw(`
  INSERT INTO price_summaries (store_id, product_id, observation_count, latest_observed_on)
  VALUES (${row}.store_id, ${row}.product_id, 1, ${row}.observed_on)
  ON CONFLICT (store_id, product_id) DO UPDATE SET
    observation_count = price_summaries.observation_count + 1,
    latest_observed_on = MAX(price_summaries.latest_observed_on, excluded.latest_observed_on);
`);
var sqliteRemove = (row) => sql.raw(`
  UPDATE price_summaries SET
    observation_count = observation_count - 1,
    latest_observed_on = CASE WHEN ${row}.observed_on < latest_observed_on THEN latest_observed_on ELSE COALESCE(
      (SELECT MAX(observed_on) FROM price_observations WHERE store_id = ${row}.store_id AND product_id = ${row}.product_id),
      latest_observed_on) END
  WHERE store_id = ${row}.store_id AND product_id = ${row}.product_id;
  DELETE FROM price_summaries WHERE store_id = ${row}.store_id AND product_id = ${row}.product_id AND observation_count <= 0;
`);
async function createSqliteTriggers(db) {
  await sql`CREATE TRIGGER price_summaries_insert AFTER INSERT ON price_observations BEGIN ${sqliteAdd("new")} END`.execute(db);
  await sql`CREATE TRIGGER price_summaries_delete AFTER DELETE ON price_observations BEGIN ${sqliteRemove("old")} END`.execute(db);
  await sql`
    CREATE TRIGGER price_summaries_update AFTER UPDATE OF store_id, product_id, observed_on ON price_observations
    BEGIN ${sqliteRemove("old")} ${sqliteAdd("new")} END
  `.execute(db);
}
async function createPostgresTriggers(db) {
  await sql`
    CREATE FUNCTION price_summaries_maintain() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE price_summaries SET
          observation_count = observation_count - 1,
          latest_observed_on = CASE WHEN OLD.observed_on < latest_observed_on THEN latest_observed_on ELSE COALESCE(
            (SELECT MAX(observed_on) FROM price_observations WHERE store_id = OLD.store_id AND product_id = OLD.product_id),
            latest_observed_on) END
        WHERE store_id = OLD.store_id AND product_id = OLD.product_id;
        DELETE FROM price_summaries
        WHERE store_id = OLD.store_id AND product_id = OLD.product_id AND observation_count <= 0;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO price_summaries (store_id, product_id, observation_count, latest_observed_on)
        VALUES (NEW.store_id, NEW.product_id, 1, NEW.observed_on)
        ON CONFLICT (store_id, product_id) DO UPDATE SET
          observation_count = price_summaries.observation_count + 1,
          latest_observed_on = GREATEST(price_summaries.latest_observed_on, EXCLUDED.latest_observed_on);
      END IF;
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE TRIGGER price_summaries_insert_delete AFTER INSERT OR DELETE ON price_observations
    FOR EACH ROW EXECUTE FUNCTION price_summaries_maintain()
  `.execute(db);
  await sql`
    CREATE TRIGGER price_summaries_update AFTER UPDATE OF store_id, product_id, observed_on ON price_observations
    FOR EACH ROW WHEN (OLD.store_id IS DISTINCT FROM NEW.store_id OR OLD.product_id IS DISTINCT FROM NEW.product_id
      OR OLD.observed_on IS DISTINCT FROM NEW.observed_on)
    EXECUTE FUNCTION price_summaries_maintain()
  `.execute(db);
}
export {
  up
};
//# sourceMappingURL=20261126T0200-price-summaries.js.map
