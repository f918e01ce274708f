// server/src/db/migrations/20261128T1124-ordered-user-version-bumps.ts
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
function bumpInUserOrder(table, refs) {
  const { owner, household } = AUDIENCES[table];
  const audience = refs.flatMap((r) => [`SELECT ${owner(r)} AS user_id`, `SELECT user_id FROM household_members WHERE household_id = ${household(r)}`]).join(" UNION ");
  return `INSERT INTO user_data_versions (user_id, version)
    SELECT user_id, 1 FROM (${audience}) AS audience WHERE user_id IS NOT NULL ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET version = user_data_versions.version + 1`;
}
async function up(db) {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of Object.keys(AUDIENCES)) {
    await sql.raw(
      `CREATE OR REPLACE FUNCTION bump_user_versions_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN ${bumpInUserOrder(table, ["NEW"])};
          ELSIF TG_OP = 'DELETE' THEN ${bumpInUserOrder(table, ["OLD"])};
          ELSE ${bumpInUserOrder(table, ["OLD", "NEW"])};
          END IF;
          RETURN NULL;
        END
        $$`
    ).execute(db);
  }
}
export {
  up
};
//# sourceMappingURL=20261128T1124-ordered-user-version-bumps.js.map
