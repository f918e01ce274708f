import { ANNUAL_PRICE, type TAdminStats } from '@cartwise/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../app-types';
import { isBillingEnabled } from '../billing';

const CACHE_MS = 2 * 60 * 1000;
const PAYING_STATUSES = ['active', 'past_due'];
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

/**
 * Counts per billing state, summed in SQL with getBillingStatus's rule (paid while paid_until lies ahead, else trial
 * while the trial runs, else expired), and the accounts seen this week (profiles.last_seen_at moves at sign-in and at
 * better-auth's daily session refresh): no profile or session row is read into JavaScript.
 */
export async function computeAdminStats(app: Deps<'config' | 'db'>, now = new Date()): Promise<TAdminStats> {
  const at = now.toISOString();
  const since = new Date(now.getTime() - WEEK_MS).toISOString();
  const isPaid = sql<boolean>`paid_until > ${at}`;
  const isTrial = sql<boolean>`(paid_until is null or paid_until <= ${at}) and trial_ends_at > ${at}`;
  const row = await app.db
    .selectFrom('profiles')
    .select((eb) => [
      eb.fn.countAll().as('total'),
      sql<number | string>`sum(case when ${isPaid} then 1 else 0 end)`.as('paid'),
      sql<number | string>`sum(case when ${isTrial} then 1 else 0 end)`.as('trial'),
      // Revenue counts paying Stripe subscriptions only: an operator's comped time is paid access without a payment.
      sql<number | string>`sum(case when ${isPaid} and stripe_subscription_id is not null
        and subscription_status in (${sql.join(PAYING_STATUSES)}) then 1 else 0 end)`.as('subscribers'),
      sql<number | string>`sum(case when last_seen_at >= ${since} then 1 else 0 end)`.as('active'),
    ])
    .executeTakeFirstOrThrow();
  const isBillingOn = isBillingEnabled(app.config);
  const totalUsers = Number(row.total);
  const paid = isBillingOn ? Number(row.paid ?? 0) : 0;
  const trial = isBillingOn ? Number(row.trial ?? 0) : 0;
  const expired = isBillingOn ? totalUsers - paid - trial : 0;
  const subscribers = isBillingOn ? Number(row.subscribers ?? 0) : 0;
  return {
    users: {
      total_users: totalUsers,
      active_users_this_week: Number(row.active ?? 0),
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

export function getAdminStats(app: Deps<'config' | 'db'>, isFresh: boolean): Promise<TAdminStats> {
  return getCached(app, 'admin-stats', isFresh, () => computeAdminStats(app));
}
