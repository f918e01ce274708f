// server/src/db/migrations/20261201T2310-store-price-days.ts
import { PostgresAdapter, sql } from "kysely";
async function up(db) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.createTable("store_price_days").addColumn("store_id", "text", (c) => c.notNull()).addColumn("latest_observed_on", "text", (c) => c.notNull()).addColumn("product_count", "integer", (c) => c.notNull()).addPrimaryKeyConstraint("store_price_days_pk", ["store_id", "latest_observed_on"]).$call((table) => isPostgres ? table : table.modifyEnd(sql`WITHOUT ROWID`)).execute();
  if (isPostgres) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
  await sql`
    INSERT INTO store_price_days (store_id, latest_observed_on, product_count)
    SELECT store_id, latest_observed_on, COUNT(*) FROM price_summaries GROUP BY store_id, latest_observed_on
  `.execute(db);
}
var sqliteAdd = sql.raw(`
  INSERT INTO store_price_days (store_id, latest_observed_on, product_count) VALUES (new.store_id, new.latest_observed_on, 1)
  ON CONFLICT (store_id, latest_observed_on) DO UPDATE SET product_count = store_price_days.product_count + 1;
`);
var sqliteRemove = sql.raw(`
  UPDATE store_price_days SET product_count = product_count - 1
  WHERE store_id = old.store_id AND latest_observed_on = old.latest_observed_on;
  DELETE FROM store_price_days
  WHERE store_id = old.store_id AND latest_observed_on = old.latest_observed_on AND product_count <= 0;
`);
async function createSqliteTriggers(db) {
  await sql`CREATE TRIGGER store_price_days_insert AFTER INSERT ON price_summaries BEGIN ${sqliteAdd} END`.execute(db);
  await sql`CREATE TRIGGER store_price_days_delete AFTER DELETE ON price_summaries BEGIN ${sqliteRemove} END`.execute(db);
  await sql`
    CREATE TRIGGER store_price_days_update AFTER UPDATE OF store_id, latest_observed_on ON price_summaries
    WHEN old.store_id IS NOT new.store_id OR old.latest_observed_on IS NOT new.latest_observed_on
    BEGIN ${sqliteRemove} ${sqliteAdd} END
  `.execute(db);
}
var applyChanges = (changes) => `
  INSERT INTO store_price_days (store_id, latest_observed_on, product_count)
  SELECT store_id, latest_observed_on, SUM(n) FROM (${changes}) c
  GROUP BY store_id, latest_observed_on HAVING SUM(n) <> 0 ORDER BY store_id, latest_observed_on
  ON CONFLICT (store_id, latest_observed_on) DO UPDATE SET product_count = store_price_days.product_count + EXCLUDED.product_count;
  DELETE FROM store_price_days d USING (SELECT DISTINCT store_id, latest_observed_on FROM (${changes}) c WHERE n < 0) r
  WHERE d.store_id = r.store_id AND d.latest_observed_on = r.latest_observed_on AND d.product_count <= 0;
`;
async function createPostgresTriggers(db) {
  const added = "SELECT store_id, latest_observed_on, 1 AS n FROM added_rows";
  const removed = "SELECT store_id, latest_observed_on, -1 AS n FROM removed_rows";
  for (const [fn, body] of [
    [
      "store_price_days_add_rows",
      `INSERT INTO store_price_days (store_id, latest_observed_on, product_count)
      SELECT store_id, latest_observed_on, COUNT(*) FROM added_rows GROUP BY store_id, latest_observed_on
      ORDER BY store_id, latest_observed_on
      ON CONFLICT (store_id, latest_observed_on) DO UPDATE SET
        product_count = store_price_days.product_count + EXCLUDED.product_count;`
    ],
    ["store_price_days_remove_rows", applyChanges(removed)],
    ["store_price_days_change_rows", applyChanges(`${added} UNION ALL ${removed}`)]
  ])
    await sql`
      CREATE FUNCTION ${sql.id(fn)}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${sql.raw(body)}
        RETURN NULL;
      END $$
    `.execute(db);
  for (const [name, event, tables, fn] of [
    ["store_price_days_insert_rows", "INSERT", "NEW TABLE AS added_rows", "store_price_days_add_rows"],
    ["store_price_days_delete_rows", "DELETE", "OLD TABLE AS removed_rows", "store_price_days_remove_rows"],
    ["store_price_days_update_rows", "UPDATE", "OLD TABLE AS removed_rows NEW TABLE AS added_rows", "store_price_days_change_rows"]
  ])
    await sql`
      CREATE TRIGGER ${sql.id(name)} AFTER ${sql.raw(event)} ON price_summaries
      REFERENCING ${sql.raw(tables)} FOR EACH STATEMENT EXECUTE FUNCTION ${sql.id(fn)}()
    `.execute(db);
}
export {
  up
};
//# sourceMappingURL=20261201T2310-store-price-days.js.map
