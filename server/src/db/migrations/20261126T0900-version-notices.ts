import { PostgresAdapter, sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * On PostgreSQL, every move of a user's data version or a shared table's counter (migrations 20261126T0130,
 * 20261126T0150) is also announced on the `cartwise_versions` channel, delivered to every listening instance when
 * the writing transaction commits: an instance trusts the versions it read until it hears otherwise
 * (db/cache-trust.ts). SQLite has one process per file; it watches `PRAGMA data_version` instead.
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    CREATE FUNCTION notify_user_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('cartwise_versions', 'u:' || OLD.user_id);
      ELSE
        PERFORM pg_notify('cartwise_versions', 'u:' || NEW.user_id);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER user_data_versions_notify AFTER INSERT OR UPDATE OR DELETE ON user_data_versions
    FOR EACH ROW EXECUTE FUNCTION notify_user_data_version()`.execute(db);
  await sql`
    CREATE FUNCTION notify_table_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('cartwise_versions', 't:' || NEW.name);
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER table_versions_notify AFTER UPDATE ON table_versions
    FOR EACH ROW EXECUTE FUNCTION notify_table_version()`.execute(db);
}
