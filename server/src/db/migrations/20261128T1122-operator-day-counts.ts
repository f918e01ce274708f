import { PostgresAdapter, sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * operator_day_counts: how many rows fall on each UTC day per kind, kept by triggers on profiles and receipts on both
 * databases, so the operator's stats and analytics sum at most a row per day instead of counting every profile and
 * receipt. Kinds (the day is the first 10 characters of the ISO timestamp):
 * - signup: profiles.created_at; receipt: receipts.created_at (sign-ups and receipts per week, total users);
 * - paid: profiles.paid_until (paid access while it lies ahead);
 * - access: the later of paid_until and trial_ends_at (paid or on trial while it lies ahead: trial = access - paid);
 * - subscriber: paid_until of a paying Stripe subscription (status active or past_due);
 * - seen: profiles.last_seen_at (active this week).
 * A reader sums the days after today and counts today's rows exactly from profiles over the per-column indexes.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('operator_day_counts')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('operator_day_counts_pk', ['kind', 'day'])
    .execute();
  // Today's exact remainder reads profiles by these columns (last_seen_at and created_at are indexed already).
  await db.schema.createIndex('profiles_paid_until_idx').on('profiles').column('paid_until').execute();
  await db.schema.createIndex('profiles_trial_ends_idx').on('profiles').column('trial_ends_at').execute();
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
  for (const [kind, day] of PROFILE_KINDS) {
    await sql`
      INSERT INTO operator_day_counts (kind, day, n)
      SELECT ${sql.lit(kind)}, d, COUNT(*) FROM (SELECT ${sql.raw(day('profiles'))} AS d FROM profiles) AS days
      WHERE d IS NOT NULL GROUP BY d
    `.execute(db);
  }
  await sql`
    INSERT INTO operator_day_counts (kind, day, n)
    SELECT 'receipt', substr(created_at, 1, 10), COUNT(*) FROM receipts GROUP BY substr(created_at, 1, 10)
  `.execute(db);
}

/** Each kind kept for a profile and its day as SQL over the row `r`; null for none. */
const PROFILE_KINDS: [string, (r: string) => string][] = [
  ['signup', (r) => `substr(${r}.created_at, 1, 10)`],
  ['paid', (r) => `substr(${r}.paid_until, 1, 10)`],
  [
    'access',
    (r) =>
      `substr(CASE WHEN COALESCE(${r}.paid_until, '') >= COALESCE(${r}.trial_ends_at, '') THEN ${r}.paid_until ELSE ${r}.trial_ends_at END, 1, 10)`,
  ],
  [
    'subscriber',
    (r) =>
      `CASE WHEN ${r}.stripe_subscription_id IS NOT NULL AND ${r}.subscription_status IN ('active', 'past_due') THEN substr(${r}.paid_until, 1, 10) END`,
  ],
  ['seen', (r) => `substr(${r}.last_seen_at, 1, 10)`],
];
const RECEIPT_KINDS: [string, (r: string) => string][] = [['receipt', (r) => `substr(${r}.created_at, 1, 10)`]];
const PROFILE_COLUMNS = 'created_at, paid_until, trial_ends_at, stripe_subscription_id, subscription_status, last_seen_at';

const add = (kind: string, day: string) => `
  INSERT INTO operator_day_counts (kind, day, n) SELECT '${kind}', ${day}, 1 WHERE ${day} IS NOT NULL
  ON CONFLICT (kind, day) DO UPDATE SET n = operator_day_counts.n + 1;`;
const remove = (kind: string, day: string) => `
  UPDATE operator_day_counts SET n = n - 1 WHERE kind = '${kind}' AND day = ${day};`;

/** The statements for a write: remove the old row's days and add the new row's, per kind, where the day moved. */
function maintain(
  kinds: [string, (r: string) => string][],
  op: 'insert' | 'delete' | 'update',
  isDistinct: (a: string, b: string) => string,
): string {
  return kinds
    .map(([kind, day]) => {
      if (op === 'insert') return add(kind, day('NEW'));
      if (op === 'delete') return remove(kind, day('OLD'));
      const moved = isDistinct(day('OLD'), day('NEW'));
      return `${remove(kind, `CASE WHEN ${moved} THEN ${day('OLD')} END`)}${add(kind, `CASE WHEN ${moved} THEN ${day('NEW')} END`)}`;
    })
    .join('\n');
}

async function createSqliteTriggers(db: Db): Promise<void> {
  const isDistinct = (a: string, b: string) => `(${a}) IS NOT (${b})`;
  for (const [table, kinds, columns] of [
    ['profiles', PROFILE_KINDS, PROFILE_COLUMNS],
    ['receipts', RECEIPT_KINDS, 'created_at'],
  ] as const) {
    for (const op of ['insert', 'delete', 'update'] as const) {
      const event = op === 'update' ? `UPDATE OF ${columns}` : op.toUpperCase();
      await sql
        .raw(`CREATE TRIGGER ${table}_day_counts_${op} AFTER ${event} ON ${table} BEGIN ${maintain(kinds, op, isDistinct)} END`)
        .execute(db);
    }
  }
}

async function createPostgresTriggers(db: Db): Promise<void> {
  const isDistinct = (a: string, b: string) => `(${a}) IS DISTINCT FROM (${b})`;
  for (const [table, kinds, columns] of [
    ['profiles', PROFILE_KINDS, PROFILE_COLUMNS],
    ['receipts', RECEIPT_KINDS, 'created_at'],
  ] as const) {
    await sql
      .raw(
        `CREATE FUNCTION ${table}_day_counts_maintain() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN ${maintain(kinds, 'insert', isDistinct)}
          ELSIF TG_OP = 'DELETE' THEN ${maintain(kinds, 'delete', isDistinct)}
          ELSE ${maintain(kinds, 'update', isDistinct)}
          END IF;
          RETURN NULL;
        END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_day_counts AFTER INSERT OR DELETE OR UPDATE OF ${columns} ON ${table}
        FOR EACH ROW EXECUTE FUNCTION ${table}_day_counts_maintain()`,
      )
      .execute(db);
  }
}
