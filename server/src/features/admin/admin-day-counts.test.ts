import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import { registerTestApp } from '../../test/test-app';
import { fakeStripeConfig } from '../../test/fake-stripe';
import { createUser } from '../../test/factories';
import { computeAdminStats } from './admin-stats.service';
import { getAnalytics } from './admin-insights.service';

const t = registerTestApp({ stripe: fakeStripeConfig('http://127.0.0.1:9') });
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const NOW = Date.now();
const at = (offset: number) => new Date(NOW + offset).toISOString();

/** The stats as the rule reads them, counted over every profile in JavaScript. */
async function recount(now: Date) {
  const rows = await t.app.db
    .selectFrom('profiles')
    .select(['paid_until', 'trial_ends_at', 'stripe_subscription_id', 'subscription_status', 'last_seen_at'])
    .execute();
  const time = now.toISOString();
  const since = new Date(now.getTime() - 7 * DAY).toISOString();
  const isPaid = (r: (typeof rows)[number]) => r.paid_until !== null && r.paid_until > time;
  const paid = rows.filter(isPaid).length;
  const trial = rows.filter((r) => !isPaid(r) && r.trial_ends_at !== null && r.trial_ends_at > time).length;
  return {
    total_users: rows.length,
    active_users_this_week: rows.filter((r) => r.last_seen_at !== null && r.last_seen_at >= since).length,
    trial_users: trial,
    paid_users: paid,
    expired_trials: rows.length - paid - trial,
    subscribers: rows.filter((r) => isPaid(r) && r.stripe_subscription_id && ['active', 'past_due'].includes(r.subscription_status)).length,
  };
}

async function expectStatsToMatch(now: Date) {
  const stats = await computeAdminStats(t.app, now);
  const expected = await recount(now);
  const { subscribers, ...users } = expected;
  expect(stats.users, now.toISOString()).toEqual(users);
  expect(stats.subscriptions.active_subscribers, now.toISOString()).toBe(subscribers);
}

async function setProfile(id: string, values: Record<string, string | null>) {
  await t.app.db.updateTable('profiles').set(values).where('id', '=', id).execute();
}

describe('operator day counts kept by triggers', () => {
  it('gives the same stats as counting every profile, at any time of day and after edits and deletions', async () => {
    const users = await Promise.all(Array.from({ length: 7 }, () => createUser(t.app)));
    const [a, b, c, d, e, f, g] = users.map((u) => u.id) as [string, string, string, string, string, string, string];
    // Ends later today, on trial until tomorrow; paid until earlier today; a subscriber whose time ends in two hours.
    await setProfile(a, { paid_until: at(HOUR), trial_ends_at: at(DAY), last_seen_at: at(-6 * DAY - HOUR) });
    await setProfile(b, { paid_until: at(-HOUR), trial_ends_at: at(-30 * DAY), last_seen_at: at(-8 * DAY) });
    await setProfile(c, { paid_until: at(2 * HOUR), stripe_subscription_id: 'sub_c', subscription_status: 'active' });
    await setProfile(d, { paid_until: at(40 * DAY), stripe_subscription_id: 'sub_d', subscription_status: 'past_due' });
    await setProfile(e, { paid_until: null, trial_ends_at: null, last_seen_at: null });
    await setProfile(f, { trial_ends_at: at(3 * HOUR), paid_until: at(2 * DAY), last_seen_at: at(-7 * DAY + HOUR) });
    for (const offset of [0, 30 * 60 * 1000, 90 * 60 * 1000, 150 * 60 * 1000, 5 * HOUR, DAY + HOUR, 3 * DAY, -2 * DAY])
      await expectStatsToMatch(new Date(NOW + offset));

    // A subscription cancelled, a trial extended, a sign-in, and an account deleted (profiles cascade from user).
    await setProfile(d, { subscription_status: 'canceled' });
    await setProfile(e, { trial_ends_at: at(5 * DAY), last_seen_at: at(0) });
    await sql`DELETE FROM ${sql.table('user')} WHERE id = ${g}`.execute(t.app.db);
    for (const offset of [0, HOUR, 4 * DAY, 6 * DAY]) await expectStatsToMatch(new Date(NOW + offset));
  });

  it('counts receipts per week from the day counts, and a deleted receipt leaves them', async () => {
    const user = await createUser(t.app);
    const before = (await getAnalytics(t.app)).receipts_per_week.at(-1)!.count;
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('receipts')
      .values(ids.map((id) => ({ id, user_id: user.id, store_name: 'Counted', created_at: now, updated_at: now })))
      .execute();
    expect((await getAnalytics(t.app)).receipts_per_week.at(-1)!.count).toBe(before + 2);
    await t.app.db.deleteFrom('receipts').where('id', '=', ids[0]!).execute();
    expect((await getAnalytics(t.app)).receipts_per_week.at(-1)!.count).toBe(before + 1);
  });

  it('fills the counts from the rows already there when it migrates an existing database', async () => {
    await createUser(t.app);
    const expected = await t.app.db
      .selectFrom('operator_day_counts')
      .select(['kind', 'day', 'n'])
      .where('n', '>', 0)
      .orderBy('kind')
      .orderBy('day')
      .execute();
    if (t.app.database.kind === 'postgres') {
      await sql`DROP FUNCTION profiles_day_counts_maintain() CASCADE`.execute(t.app.db);
      await sql`DROP FUNCTION receipts_day_counts_maintain() CASCADE`.execute(t.app.db);
    } else {
      for (const table of ['profiles', 'receipts'])
        for (const op of ['insert', 'delete', 'update']) await sql`DROP TRIGGER ${sql.id(`${table}_day_counts_${op}`)}`.execute(t.app.db);
    }
    await sql`DROP TABLE operator_day_counts`.execute(t.app.db);
    await sql`DROP INDEX profiles_paid_until_idx`.execute(t.app.db);
    await sql`DROP INDEX profiles_trial_ends_idx`.execute(t.app.db);
    await sql`DELETE FROM kysely_migration WHERE name = '20261128T1122-operator-day-counts'`.execute(t.app.db);
    await migrateToLatest(t.app.database, { allowUnorderedMigrations: true });
    const filled = await t.app.db.selectFrom('operator_day_counts').select(['kind', 'day', 'n']).orderBy('kind').orderBy('day').execute();
    expect(filled.map((r) => ({ ...r, n: Number(r.n) }))).toEqual(expected.map((r) => ({ ...r, n: Number(r.n) })));
  });
});
