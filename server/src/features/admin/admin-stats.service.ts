import { ANNUAL_PRICE, getTrialState, type TAdminStats } from '@cartwise/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../app-types';
import { isBillingEnabled } from '../billing';

const CACHE_MS = 2 * 60 * 1000;
const PAYING_STATUSES = new Set(['active', 'past_due']);
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Returns the value cached under `key` while it is fresh (2 minutes), else computes and stores it. The cache is a
 * database row, so every instance on one database shows the same numbers and a fresh=1 on one refreshes them for all.
 */
export async function getCached<T>(app: Deps<'db'>, key: string, isFresh: boolean, compute: () => Promise<T>): Promise<T> {
  const now = new Date().toISOString();
  if (!isFresh) {
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
  await app.db
    .insertInto('shared_cache')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet({ value_json: row.value_json, expires_at: row.expires_at }))
    .execute();
  return value;
}

/** Users who had a session created or refreshed in the last 7 days (better-auth's session table), counted in SQL. */
async function countActiveUsersThisWeek(app: Deps<'config' | 'database' | 'db'>, now: Date): Promise<number> {
  const since = new Date(now.getTime() - WEEK_MS);
  // better-auth stores dates natively on PostgreSQL and as ISO text on SQLite.
  const bound = app.database.kind === 'postgres' ? since : since.toISOString();
  const row = await app.db
    .selectFrom('session')
    .select(sql<number | string>`COUNT(DISTINCT "userId")`.as('n'))
    .where((eb) => eb.or([eb('updatedAt', '>=', bound), eb('createdAt', '>=', bound)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function computeAdminStats(app: Deps<'config' | 'database' | 'db'>, now = new Date()): Promise<TAdminStats> {
  const profiles = await app.db
    .selectFrom('profiles')
    .select(['subscription_status', 'trial_ends_at', 'paid_until', 'stripe_subscription_id'])
    .execute();
  const isBillingOn = isBillingEnabled(app.config);
  const counts = { trial: 0, paid: 0, expired_trial: 0, free: 0 };
  // Revenue counts paying Stripe subscriptions only: an operator's comped time is paid access without a payment.
  let subscribers = 0;
  for (const p of profiles) {
    const state = getTrialState(p, isBillingOn, now);
    counts[state] += 1;
    if (state === 'paid' && p.stripe_subscription_id !== null && PAYING_STATUSES.has(p.subscription_status)) subscribers += 1;
  }
  const totalUsers = profiles.length;
  const activeUsers = await countActiveUsersThisWeek(app, now);
  return {
    users: {
      total_users: totalUsers,
      active_users_this_week: activeUsers,
      trial_users: counts.trial,
      paid_users: counts.paid,
      expired_trials: counts.expired_trial,
    },
    subscriptions: {
      active_subscribers: subscribers,
      active_trials: counts.trial,
      expired_trials: counts.expired_trial,
      total_revenue_annual: Math.round(subscribers * ANNUAL_PRICE * 100) / 100,
      total_users: totalUsers,
    },
    generated_at: now.toISOString(),
  };
}

export function getAdminStats(app: Deps<'config' | 'database' | 'db'>, isFresh: boolean): Promise<TAdminStats> {
  return getCached(app, 'admin-stats', isFresh, () => computeAdminStats(app));
}
