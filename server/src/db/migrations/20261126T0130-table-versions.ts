import { PostgresAdapter, sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

/** The tables whose rows make up the deals board every shopper reads (deals/deal-board.ts). */
const TABLES = ['deals', 'store_locations', 'store_chains'] as const;

/**
 * A counter per table that the database itself raises on every write to it, whoever writes (any instance, the CLI,
 * a migration, psql): a server caches what it built from the table and rebuilds it when the counter moved, so a
 * change is never missed and no code path has to remember to announce it.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('table_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('table_versions' as never)
    .values(TABLES.map((name) => ({ name, version: 0 })) as never)
    .execute();
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
  // SQLite has row triggers only: one per table and kind of write.
  for (const table of TABLES) {
    for (const event of ['insert', 'update', 'delete'] as const) {
      await sql`
        CREATE TRIGGER ${sql.id(`${table}_bump_version_on_${event}`)}
        AFTER ${sql.raw(event.toUpperCase())} ON ${sql.table(table)}
        BEGIN UPDATE table_versions SET version = version + 1 WHERE name = ${sql.lit(table)}; END`.execute(db);
    }
  }
}
