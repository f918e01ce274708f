import { ANNUAL_PRICE, getTrialState, type TAdminStats } from '@cartwise/contracts';
import type { App } from '../../app-types';
import { isBillingEnabled } from '../billing/billing.service';

const CACHE_MS = 2 * 60 * 1000;
const PAYING_STATUSES = new Set(['active', 'past_due']);
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

interface CacheEntry<T> {
  expiresAt: number;
  value: T;
}

// Per app instance so test apps in one process never see each other's numbers.
const caches = new WeakMap<App, Map<string, CacheEntry<unknown>>>();

/** Returns the cached value for `key` while it is fresh (2 minutes), else computes and stores it. */
export async function getCached<T>(app: App, key: string, isFresh: boolean, compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(app);
  if (!cache) {
    cache = new Map();
    caches.set(app, cache);
  }
  const hit = cache.get(key) as CacheEntry<T> | undefined;
  if (!isFresh && hit && hit.expiresAt > Date.now()) return hit.value;
  const value = await compute();
  cache.set(key, { expiresAt: Date.now() + CACHE_MS, value });
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
