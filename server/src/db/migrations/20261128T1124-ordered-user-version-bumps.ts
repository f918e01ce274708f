import { PostgresAdapter, sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

/** As in 20261126T0150-user-data-versions: the SQL naming the users who see row `R` (NEW or OLD). */
const AUDIENCES: Record<string, { owner: (r: string) => string; household: (r: string) => string }> = {
  pantry_items: { owner: (r) => `${r}.user_id`, household: (r) => `${r}.household_id` },
  shopping_lists: { owner: (r) => `${r}.user_id`, household: (r) => `${r}.household_id` },
  list_items: {
    owner: (r) => `(SELECT user_id FROM shopping_lists WHERE id = ${r}.list_id)`,
    household: (r) => `(SELECT household_id FROM shopping_lists WHERE id = ${r}.list_id)`,
  },
  receipts: { owner: (r) => `${r}.user_id`, household: (r) => `${r}.household_id` },
  household_members: { owner: (r) => `${r}.user_id`, household: (r) => `${r}.household_id` },
};

/** One upsert raising the counter of everyone who sees the rows `refs`, taking the counters' locks in user order. */
function bumpInUserOrder(table: string, refs: readonly string[]): string {
  const { owner, household } = AUDIENCES[table]!;
  const audience = refs
    .flatMap((r) => [`SELECT ${owner(r)} AS user_id`, `SELECT user_id FROM household_members WHERE household_id = ${household(r)}`])
    .join(' UNION ');
  return `INSERT INTO user_data_versions (user_id, version)
    SELECT user_id, 1 FROM (${audience}) AS audience WHERE user_id IS NOT NULL ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET version = user_data_versions.version + 1`;
}

/**
 * On PostgreSQL the per-user counters were raised owner first, then each household member in scan order, in up to
 * four statements per row: two household writes at once could each hold a counter the other wanted next and
 * deadlock (an add or a leave then failed). Each trigger now raises its whole audience in one statement, in user id
 * order, so concurrent writers queue on the first counter they share instead. SQLite runs one writer at a time and
 * keeps its triggers.
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of Object.keys(AUDIENCES)) {
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION bump_user_versions_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN ${bumpInUserOrder(table, ['NEW'])};
          ELSIF TG_OP = 'DELETE' THEN ${bumpInUserOrder(table, ['OLD'])};
          ELSE ${bumpInUserOrder(table, ['OLD', 'NEW'])};
          END IF;
          RETURN NULL;
        END
        $$`,
      )
      .execute(db);
  }
}
