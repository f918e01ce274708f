// server/src/db/migrations/20261126T0130-table-versions.ts
import { PostgresAdapter, sql } from "kysely";
var TABLES = ["deals", "store_locations", "store_chains"];
async function up(db) {
  await db.schema.createTable("table_versions").addColumn("name", "text", (c) => c.primaryKey()).addColumn("version", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.insertInto("table_versions").values(TABLES.map((name) => ({ name, version: 0 }))).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      CREATE FUNCTION bump_table_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE table_versions SET version = version + 1 WHERE name = TG_TABLE_NAME;
        RETURN NULL;
      END
      $$`.execute(db);
    for (const table of TABLES) {
      await sql`
        CREATE TRIGGER ${sql.id(`${table}_bump_version`)}
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version()`.execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    for (const event of ["insert", "update", "delete"]) {
      await sql`
        CREATE TRIGGER ${sql.id(`${table}_bump_version_on_${event}`)}
        AFTER ${sql.raw(event.toUpperCase())} ON ${sql.table(table)}
        BEGIN UPDATE table_versions SET version = version + 1 WHERE name = ${sql.lit(table)}; END`.execute(db);
    }
  }
}
export {
  up
};
//# sourceMappingURL=20261126T0130-table-versions.js.map
