// server/src/db/migrations/20261126T0220-split-cart-plans.ts
import { PostgresAdapter, sql } from "kysely";
async function up(db) {
  await db.schema.createTable("split_cart_plans").addColumn("id", "text", (c) => c.primaryKey()).addColumn("user_id", "text", (c) => c.notNull()).addColumn("list_id", "text").addColumn("list_name", "text", (c) => c.notNull()).addColumn("plan_total_cents", "integer", (c) => c.notNull()).addColumn("usual_store_id", "text").addColumn("usual_store_name", "text").addColumn("usual_total_cents", "integer", (c) => c.notNull()).addColumn("savings_cents", "integer", (c) => c.notNull()).addColumn("used_on", "text", (c) => c.notNull()).addColumn("created_at", "text", (c) => c.notNull()).execute();
  const bump = (r) => `INSERT INTO user_data_versions (user_id, version) SELECT ${r}.user_id, 1 WHERE ${r}.user_id IS NOT NULL
       ON CONFLICT (user_id) DO UPDATE SET version = user_data_versions.version + 1`;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw(
      `CREATE FUNCTION bump_user_versions_split_cart_plans() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP <> 'INSERT' THEN ${bump("OLD")}; END IF;
          IF TG_OP <> 'DELETE' THEN ${bump("NEW")}; END IF;
          RETURN NULL;
        END
        $$`
    ).execute(db);
    await sql.raw(
      `CREATE TRIGGER split_cart_plans_bump_user_versions AFTER INSERT OR UPDATE OR DELETE ON split_cart_plans
         FOR EACH ROW EXECUTE FUNCTION bump_user_versions_split_cart_plans()`
    ).execute(db);
  } else {
    for (const [event, refs] of [
      ["insert", ["NEW"]],
      ["update", ["OLD", "NEW"]],
      ["delete", ["OLD"]]
    ]) {
      const body = refs.map((r) => bump(r)).join(";\n");
      await sql.raw(
        `CREATE TRIGGER split_cart_plans_bump_user_versions_on_${event} AFTER ${event.toUpperCase()} ON split_cart_plans BEGIN ${body}; END`
      ).execute(db);
    }
  }
  await db.schema.createIndex("split_cart_plans_user_used_on").on("split_cart_plans").columns(["user_id", "used_on"]).execute();
}
export {
  up
};
//# sourceMappingURL=20261126T0220-split-cart-plans.js.map
