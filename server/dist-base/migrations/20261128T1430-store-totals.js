// server/src/db/migrations/20261128T1430-store-totals.ts
import { PostgresAdapter, sql } from "kysely";
async function up(db) {
  await db.schema.createTable("store_totals").addColumn("store_id", "text", (c) => c.primaryKey()).addColumn("observation_count", "integer", (c) => c.notNull().defaultTo(0)).addColumn("receipt_count", "integer", (c) => c.notNull().defaultTo(0)).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
  await sql`
    INSERT INTO store_totals (store_id, observation_count, receipt_count)
    SELECT s.id,
      (SELECT COUNT(*) FROM price_observations o WHERE o.store_id = s.id),
      (SELECT COUNT(*) FROM receipts r WHERE r.store_id = s.id)
    FROM store_locations s
  `.execute(db);
}
var sqliteAdd = (column) => sql.raw(`
  INSERT INTO store_totals (store_id, ${column}) SELECT new.store_id, 1 WHERE new.store_id IS NOT NULL
  ON CONFLICT (store_id) DO UPDATE SET ${column} = store_totals.${column} + 1;
`);
var sqliteRemove = (column) => sql.raw(`UPDATE store_totals SET ${column} = ${column} - 1 WHERE store_id = old.store_id;`);
async function createSqliteTriggers(db) {
  for (const [table, column] of [
    ["price_observations", "observation_count"],
    ["receipts", "receipt_count"]
  ]) {
    const name = sql.raw(`store_totals_${table}`);
    const on = sql.raw(table);
    await sql`CREATE TRIGGER ${name}_insert AFTER INSERT ON ${on} BEGIN ${sqliteAdd(column)} END`.execute(db);
    await sql`CREATE TRIGGER ${name}_delete AFTER DELETE ON ${on} BEGIN ${sqliteRemove(column)} END`.execute(db);
    await sql`
      CREATE TRIGGER ${name}_update AFTER UPDATE OF store_id ON ${on} WHEN old.store_id IS NOT new.store_id
      BEGIN ${sqliteRemove(column)} ${sqliteAdd(column)} END
    `.execute(db);
  }
  await sql`CREATE TRIGGER store_totals_store_delete AFTER DELETE ON store_locations BEGIN
    DELETE FROM store_totals WHERE store_id = old.id; END`.execute(db);
}
async function createPostgresTriggers(db) {
  for (const [table, column] of [
    ["price_observations", "observation_count"],
    ["receipts", "receipt_count"]
  ]) {
    const fn = sql.raw(`store_totals_${table}`);
    const on = sql.raw(table);
    const col = sql.raw(column);
    await sql`
      CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.store_id IS NOT NULL THEN
          UPDATE store_totals SET ${col} = ${col} - 1 WHERE store_id = OLD.store_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.store_id IS NOT NULL THEN
          INSERT INTO store_totals (store_id, ${col}) VALUES (NEW.store_id, 1)
          ON CONFLICT (store_id) DO UPDATE SET ${col} = store_totals.${col} + 1;
        END IF;
        RETURN NULL;
      END $$
    `.execute(db);
    await sql`CREATE TRIGGER ${fn}_insert_delete AFTER INSERT OR DELETE ON ${on} FOR EACH ROW EXECUTE FUNCTION ${fn}()`.execute(db);
    await sql`
      CREATE TRIGGER ${fn}_update AFTER UPDATE OF store_id ON ${on}
      FOR EACH ROW WHEN (OLD.store_id IS DISTINCT FROM NEW.store_id) EXECUTE FUNCTION ${fn}()
    `.execute(db);
  }
  await sql`
    CREATE FUNCTION store_totals_store_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM store_totals WHERE store_id = OLD.id;
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE TRIGGER store_totals_store_delete AFTER DELETE ON store_locations
    FOR EACH ROW EXECUTE FUNCTION store_totals_store_delete()
  `.execute(db);
}
export {
  up
};
//# sourceMappingURL=20261128T1430-store-totals.js.map
