// server/src/db/migrations/20261126T0900-version-notices.ts
import { PostgresAdapter, sql } from "kysely";
async function up(db) {
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
export {
  up
};
//# sourceMappingURL=20261126T0900-version-notices.js.map
