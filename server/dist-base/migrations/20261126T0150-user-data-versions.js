// server/src/db/migrations/20261126T0150-user-data-versions.ts
import { PostgresAdapter, sql } from "kysely";
var AUDIENCES = {
  pantry_items: { owner: (r) => `${r}.user_id`, household: (r) => `${r}.household_id` },
  shopping_lists: { owner: (r) => `${r}.user_id`, household: (r) => `${r}.household_id` },
  list_items: {
    owner: (r) => `(SELECT user_id FROM shopping_lists WHERE id = ${r}.list_id)`,
    household: (r) => `(SELECT household_id FROM shopping_lists WHERE id = ${r}.list_id)`
  },
  receipts: { owner: (r) => `${r}.user_id`, household: (r) => `${r}.household_id` },
  household_members: { owner: (r) => `${r}.user_id`, household: (r) => `${r}.household_id` }
};
function bumpStatements(table, r) {
  const { owner, household } = AUDIENCES[table];
  const statements = [
    `INSERT INTO user_data_versions (user_id, version) SELECT ${owner(r)}, 1 WHERE ${owner(r)} IS NOT NULL
       ON CONFLICT (user_id) DO UPDATE SET version = user_data_versions.version + 1`
  ];
  const householdId = household(r);
  if (householdId) {
    statements.push(
      `INSERT INTO user_data_versions (user_id, version) SELECT user_id, 1 FROM household_members WHERE household_id = ${householdId}
         ON CONFLICT (user_id) DO UPDATE SET version = user_data_versions.version + 1`
    );
  }
  return statements;
}
async function up(db) {
  await db.schema.createTable("user_data_versions").addColumn("user_id", "text", (c) => c.primaryKey()).addColumn("version", "integer", (c) => c.notNull().defaultTo(0)).execute();
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    for (const table of Object.keys(AUDIENCES)) {
      const onOld = bumpStatements(table, "OLD").join(";\n");
      const onNew = bumpStatements(table, "NEW").join(";\n");
      await sql.raw(
        `CREATE FUNCTION bump_user_versions_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF TG_OP <> 'INSERT' THEN ${onOld}; END IF;
            IF TG_OP <> 'DELETE' THEN ${onNew}; END IF;
            RETURN NULL;
          END
          $$`
      ).execute(db);
      await sql.raw(
        `CREATE TRIGGER ${table}_bump_user_versions AFTER INSERT OR UPDATE OR DELETE ON ${table}
           FOR EACH ROW EXECUTE FUNCTION bump_user_versions_${table}()`
      ).execute(db);
    }
    await sql.raw(
      `CREATE FUNCTION drop_user_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN DELETE FROM user_data_versions WHERE user_id = OLD.id; RETURN NULL; END
        $$`
    ).execute(db);
    await sql.raw(`CREATE TRIGGER profiles_drop_user_data_version AFTER DELETE ON profiles FOR EACH ROW EXECUTE FUNCTION drop_user_data_version()`).execute(db);
    return;
  }
  for (const table of Object.keys(AUDIENCES)) {
    const rows = { insert: ["NEW"], update: ["OLD", "NEW"], delete: ["OLD"] };
    for (const [event, refs] of Object.entries(rows)) {
      const body = refs.flatMap((r) => bumpStatements(table, r)).join(";\n");
      await sql.raw(`CREATE TRIGGER ${table}_bump_user_versions_on_${event} AFTER ${event.toUpperCase()} ON ${table} BEGIN ${body}; END`).execute(db);
    }
  }
  await sql.raw(
    `CREATE TRIGGER profiles_drop_user_data_version AFTER DELETE ON profiles BEGIN DELETE FROM user_data_versions WHERE user_id = OLD.id; END`
  ).execute(db);
}
export {
  up
};
//# sourceMappingURL=20261126T0150-user-data-versions.js.map
