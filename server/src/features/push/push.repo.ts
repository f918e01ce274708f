import type { Kysely } from 'kysely';
import { DEFAULT_PUSH_PREFERENCES, type TPushPreferences } from '@cartwise/contracts';
import type { Database } from '../../db/schema';
import { createId, isFlagSet, nowIso, toFlag } from '../../db/ids';

/** A browser's subscription as stored. */
export interface PushSubscriptionRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The most browsers one account keeps subscribed; a new one past it replaces the oldest. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

/**
 * Stores the subscription for `userId`. The endpoint is one browser: posted again (new keys, or another account signed
 * in on that browser) the row moves to the caller with the new keys.
 */
export async function upsertSubscription(
  db: Kysely<Database>,
  userId: string,
  input: { endpoint: string; p256dh: string; auth: string },
): Promise<PushSubscriptionRow> {
  const row = { id: createId(), user_id: userId, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, created_at: nowIso() };
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: input.p256dh, auth: input.auth, created_at: row.created_at }),
    )
    .execute();
  const stale = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(MAX_SUBSCRIPTIONS_PER_USER)
    .limit(1000)
    .execute();
  if (stale.length > 0)
    await db
      .deleteFrom('push_subscriptions')
      .where(
        'id',
        'in',
        stale.map((s) => s.id),
      )
      .execute();
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
    .where('endpoint', '=', input.endpoint)
    .executeTakeFirstOrThrow();
}

/** Removes the caller's own subscription with that endpoint; answers whether one was removed. */
export async function deleteOwnSubscription(db: Kysely<Database>, userId: string, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A push service said the subscription is gone (404/410). */
export async function deleteSubscriptionById(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export function listSubscriptions(db: Kysely<Database>, userIds: readonly string[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', 'in', [...userIds])
    .execute();
}

export async function findPushPreferences(db: Kysely<Database>, userId: string): Promise<TPushPreferences> {
  const row = await db
    .selectFrom('push_preferences')
    .select(['list_changes', 'deal_alerts', 'trial_reminders'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return DEFAULT_PUSH_PREFERENCES;
  return {
    list_changes: isFlagSet(row.list_changes),
    deal_alerts: isFlagSet(row.deal_alerts),
    trial_reminders: isFlagSet(row.trial_reminders),
  };
}

export async function savePushPreferences(db: Kysely<Database>, userId: string, prefs: TPushPreferences): Promise<void> {
  const values = {
    list_changes: toFlag(prefs.list_changes),
    deal_alerts: toFlag(prefs.deal_alerts),
    trial_reminders: toFlag(prefs.trial_reminders),
    updated_at: nowIso(),
  };
  await db
    .insertInto('push_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export type PushTopic = keyof TPushPreferences;

/** Of `userIds`, those who have not turned `topic` off (no row: every topic on). */
export async function filterByTopic(db: Kysely<Database>, userIds: readonly string[], topic: PushTopic): Promise<string[]> {
  if (userIds.length === 0) return [];
  const off = await db
    .selectFrom('push_preferences')
    .select('user_id')
    .where('user_id', 'in', [...userIds])
    .where(topic, '=', 0)
    .execute();
  const isOff = new Set(off.map((r) => r.user_id));
  return userIds.filter((id) => !isOff.has(id));
}
