import { ANNUAL_PRICE, getTrialState, type TAdminStats } from '@cartwise/contracts';
import type { App, Deps } from '../../app-types';
import { isBillingEnabled } from '../billing/billing.service';

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
    const hit = await app.db.selectFrom('shared_cache').select('value_json').where('key', '=', key).where('expires_at', '>', now).executeTakeFirst();
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

function toTime(value: string | Date | null | undefined): number {
  if (value instanceof Date) return value.getTime();
  return value ? Date.parse(value) : Number.NaN;
}

/** Users who had a session created or refreshed in the last 7 days (better-auth's session table). */
async function countActiveUsersThisWeek(app: App, now: Date): Promise<number> {
  const since = now.getTime() - WEEK_MS;
  // Dates are stored natively on PostgreSQL and as text on SQLite, so compare in JS to stay portable.
  const sessions = await app.db.selectFrom('session').select(['userId', 'createdAt', 'updatedAt']).execute();
  const active = new Set<string>();
  for (const s of sessions) {
    if (toTime(s.updatedAt) >= since || toTime(s.createdAt) >= since) active.add(s.userId);
  }
  return active.size;
}

export async function computeAdminStats(app: App, now = new Date()): Promise<TAdminStats> {
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

export function getAdminStats(app: App, isFresh: boolean): Promise<TAdminStats> {
  return getCached(app, 'admin-stats', isFresh, () => computeAdminStats(app));
}
