import { ANNUAL_PRICE, type TAdminStats, addDaysIso, toIsoDay, addDaysTo } from '@cartwise/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../app-types';
import { isBillingEnabled } from '../billing';

const CACHE_MS = 2 * 60 * 1000;
const PAYING_STATUSES = ['active', 'past_due'];

/** The last cache write this instance sent per database handle: the next read waits for it, and the next write follows it. */
const pendingWrites = new WeakMap<object, Promise<void>>();

/**
 * Returns the value cached under `key` while it is fresh (2 minutes), else computes and stores it. The cache is a
 * database row, so every instance on one database shows the same numbers and a fresh=1 on one refreshes them for all.
 * The answer does not wait for the row to be written (on PostgreSQL a second round trip and commit): this instance's
 * next read waits for it, other instances see it once it commits, and a failed write is logged and tried at the next
 * refresh; shutdown waits for it.
 */
export async function getCached<T>(
  app: Deps<'backgroundTasks' | 'db' | 'log'>,
  key: string,
  isFresh: boolean,
  compute: () => Promise<T>,
): Promise<T> {
  const now = new Date().toISOString();
  if (!isFresh) {
    await pendingWrites.get(app.db);
    const hit = await app.db
      .selectFrom('shared_cache')
      .select('value_json')
      .where('key', '=', key)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (hit) return JSON.parse(hit.value_json) as T;
  }
  const value = await compute();
  const row = { key, value_json: JSON.stringify(value), expires_at: new Date(Date.now() + CACHE_MS).toISOString() };
  const write = (pendingWrites.get(app.db) ?? Promise.resolve()).then(() =>
    app.db
      .insertInto('shared_cache')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value_json: row.value_json, expires_at: row.expires_at }))
      .execute()
      .then(
        () => undefined,
        (err: unknown) => app.log.warn({ err, key }, 'shared cache write failed'),
      ),
  );
  pendingWrites.set(app.db, write);
  // Shutdown waits for background tasks before it closes the database.
  app.backgroundTasks.run(write);
  return value;
}

/** Rows of `kind` on the days after `day`, from operator_day_counts (a row per day, not per profile). */
const sumDaysAfter = (kind: string, day: string) =>
  sql<number | string>`(select coalesce(sum(n), 0) from operator_day_counts where kind = ${kind} and day > ${day})`;

/**
 * Counts per billing state with getBillingStatus's rule (paid while paid_until lies ahead, else trial while the trial
 * runs, else expired), and the accounts seen this week (profiles.last_seen_at moves at sign-in and at better-auth's
 * daily session refresh). Each "lies ahead of now" count is the per-day counts kept by triggers for the days after
 * today plus today's rows counted exactly over the column's index, so the cost follows the number of days and of one
 * day's rows, not every profile. trial = access - paid, access being the later of paid_until and trial_ends_at.
 */
export async function computeAdminStats(app: Deps<'config' | 'db'>, now = new Date()): Promise<TAdminStats> {
  const at = now.toISOString();
  const today = toIsoDay(now);
  const tomorrow = addDaysIso(today, 1);
  const weekAgo = addDaysTo(now, -7);
  const since = weekAgo.toISOString();
  const sinceDay = toIsoDay(weekAgo);
  const sinceNextDay = addDaysIso(sinceDay, 1);
  const access = sql`case when coalesce(paid_until, '') >= coalesce(trial_ends_at, '') then paid_until else trial_ends_at end`;
  const countProfiles = (where: ReturnType<typeof sql>) => sql<number | string>`(select count(*) from profiles where ${where})`;
  const row = await app.db
    .selectNoFrom([
      sql<number | string>`(select coalesce(sum(n), 0) from operator_day_counts where kind = 'signup')`.as('total'),
      sql<number | string>`${sumDaysAfter('paid', today)} + ${countProfiles(sql`paid_until > ${at} and paid_until < ${tomorrow}`)}`.as(
        'paid',
      ),
      sql<number | string>`${sumDaysAfter('access', today)} + ${countProfiles(
        sql`((paid_until > ${at} and paid_until < ${tomorrow}) or (trial_ends_at > ${at} and trial_ends_at < ${tomorrow}))
          and ${access} > ${at} and ${access} < ${tomorrow}`,
      )}`.as('access'),
      // Revenue counts paying Stripe subscriptions only: an operator's comped time is paid access without a payment.
      sql<number | string>`${sumDaysAfter('subscriber', today)} + ${countProfiles(
        sql`paid_until > ${at} and paid_until < ${tomorrow} and stripe_subscription_id is not null
          and subscription_status in (${sql.join(PAYING_STATUSES)})`,
      )}`.as('subscribers'),
      sql<number | string>`${sumDaysAfter('seen', sinceDay)} + ${countProfiles(
        sql`last_seen_at >= ${since} and last_seen_at < ${sinceNextDay}`,
      )}`.as('active'),
    ])
    .executeTakeFirstOrThrow();
  const isBillingOn = isBillingEnabled(app.config);
  const totalUsers = Number(row.total);
  const paid = isBillingOn ? Number(row.paid) : 0;
  const trial = isBillingOn ? Number(row.access) - Number(row.paid) : 0;
  const expired = isBillingOn ? totalUsers - paid - trial : 0;
  const subscribers = isBillingOn ? Number(row.subscribers) : 0;
  return {
    users: {
      total_users: totalUsers,
      active_users_this_week: Number(row.active),
      trial_users: trial,
      paid_users: paid,
      expired_trials: expired,
    },
    subscriptions: {
      active_subscribers: subscribers,
      active_trials: trial,
      expired_trials: expired,
      total_revenue_annual: Math.round(subscribers * ANNUAL_PRICE * 100) / 100,
      total_users: totalUsers,
    },
    generated_at: now.toISOString(),
  };
}

export function getAdminStats(app: Deps<'backgroundTasks' | 'config' | 'db' | 'log'>, isFresh: boolean): Promise<TAdminStats> {
  return getCached(app, 'admin-stats', isFresh, () => computeAdminStats(app));
}
