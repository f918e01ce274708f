// server/src/db/migrations/20261128T1122-operator-day-counts.ts
import { PostgresAdapter, sql } from "kysely";
async function up(db) {
  await db.schema.createTable("operator_day_counts").addColumn("kind", "text", (c) => c.notNull()).addColumn("day", "text", (c) => c.notNull()).addColumn("n", "integer", (c) => c.notNull()).addPrimaryKeyConstraint("operator_day_counts_pk", ["kind", "day"]).execute();
  await db.schema.createIndex("profiles_paid_until_idx").on("profiles").column("paid_until").execute();
  await db.schema.createIndex("profiles_trial_ends_idx").on("profiles").column("trial_ends_at").execute();
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
  for (const [kind, day] of PROFILE_KINDS) {
    await sql`
      INSERT INTO operator_day_counts (kind, day, n)
      SELECT ${sql.lit(kind)}, d, COUNT(*) FROM (SELECT ${sql.raw(day("profiles"))} AS d FROM profiles) AS days
      WHERE d IS NOT NULL GROUP BY d
    `.execute(db);
  }
  await sql`
    INSERT INTO operator_day_counts (kind, day, n)
    SELECT 'receipt', substr(created_at, 1, 10), COUNT(*) FROM receipts GROUP BY substr(created_at, 1, 10)
  `.execute(db);
}
var PROFILE_KINDS = [
  ["signup", (r) => `substr(${r}.created_at, 1, 10)`],
  ["paid", (r) => `substr(${r}.paid_until, 1, 10)`],
  [
    "access",
    (r) => `substr(CASE WHEN COALESCE(${r}.paid_until, '') >= COALESCE(${r}.trial_ends_at, '') THEN ${r}.paid_until ELSE ${r}.trial_ends_at END, 1, 10)`
  ],
  [
    "subscriber",
    (r) => `CASE WHEN ${r}.stripe_subscription_id IS NOT NULL AND ${r}.subscription_status IN ('active', 'past_due') THEN substr(${r}.paid_until, 1, 10) END`
  ],
  ["seen", (r) => `substr(${r}.last_seen_at, 1, 10)`]
];
var RECEIPT_KINDS = [["receipt", (r) => `substr(${r}.created_at, 1, 10)`]];
var PROFILE_COLUMNS = "created_at, paid_until, trial_ends_at, stripe_subscription_id, subscription_status, last_seen_at";
var add = (kind, day) => `
  INSERT INTO operator_day_counts (kind, day, n) SELECT '${kind}', ${day}, 1 WHERE ${day} IS NOT NULL
  ON CONFLICT (kind, day) DO UPDATE SET n = operator_day_counts.n + 1;`;
var remove = (kind, day) => `
  UPDATE operator_day_counts SET n = n - 1 WHERE kind = '${kind}' AND day = ${day};`;
function maintain(kinds, op, isDistinct) {
  return kinds.map(([kind, day]) => {
    if (op === "insert") return add(kind, day("NEW"));
    if (op === "delete") return remove(kind, day("OLD"));
    const moved = isDistinct(day("OLD"), day("NEW"));
    return `${remove(kind, `CASE WHEN ${moved} THEN ${day("OLD")} END`)}${add(kind, `CASE WHEN ${moved} THEN ${day("NEW")} END`)}`;
  }).join("\n");
}
async function createSqliteTriggers(db) {
  const isDistinct = (a, b) => `(${a}) IS NOT (${b})`;
  for (const [table, kinds, columns] of [
    ["profiles", PROFILE_KINDS, PROFILE_COLUMNS],
    ["receipts", RECEIPT_KINDS, "created_at"]
  ]) {
    for (const op of ["insert", "delete", "update"]) {
      const event = op === "update" ? `UPDATE OF ${columns}` : op.toUpperCase();
      await sql.raw(`CREATE TRIGGER ${table}_day_counts_${op} AFTER ${event} ON ${table} BEGIN ${maintain(kinds, op, isDistinct)} END`).execute(db);
    }
  }
}
async function createPostgresTriggers(db) {
  const isDistinct = (a, b) => `(${a}) IS DISTINCT FROM (${b})`;
  for (const [table, kinds, columns] of [
    ["profiles", PROFILE_KINDS, PROFILE_COLUMNS],
    ["receipts", RECEIPT_KINDS, "created_at"]
  ]) {
    await sql.raw(
      `CREATE FUNCTION ${table}_day_counts_maintain() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN ${maintain(kinds, "insert", isDistinct)}
          ELSIF TG_OP = 'DELETE' THEN ${maintain(kinds, "delete", isDistinct)}
          ELSE ${maintain(kinds, "update", isDistinct)}
          END IF;
          RETURN NULL;
        END $$`
    ).execute(db);
    await sql.raw(
      `CREATE TRIGGER ${table}_day_counts AFTER INSERT OR DELETE OR UPDATE OF ${columns} ON ${table}
        FOR EACH ROW EXECUTE FUNCTION ${table}_day_counts_maintain()`
    ).execute(db);
  }
}
export {
  up
};
//# sourceMappingURL=20261128T1122-operator-day-counts.js.map
