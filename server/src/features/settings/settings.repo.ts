import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso, toFlag } from '../../db/ids';

export interface NotificationFlags {
  marketing: boolean;
  product: boolean;
  receipts: boolean;
  deal_alerts: boolean;
}

export async function findNotificationPreferences(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('notification_preferences')
    .select(['marketing', 'product', 'receipts', 'deal_alerts'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Inserts or updates the row; a new row gets its own unsubscribe token for email footers. */
export async function upsertNotificationPreferences(db: Kysely<Database>, userId: string, flags: NotificationFlags): Promise<void> {
  const values = {
    marketing: toFlag(flags.marketing),
    product: toFlag(flags.product),
    receipts: toFlag(flags.receipts),
    deal_alerts: toFlag(flags.deal_alerts),
    updated_at: nowIso(),
  };
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, unsubscribe_token: crypto.randomBytes(24).toString('hex'), ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function listHomeStoreIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_home_stores')
    .innerJoin('store_locations', 'store_locations.id', 'user_home_stores.store_id')
    .select('user_home_stores.store_id')
    .where('user_home_stores.user_id', '=', userId)
    .orderBy('store_locations.name')
    .orderBy('user_home_stores.store_id')
    .execute();
  return rows.map((r) => r.store_id);
}

export async function findExistingStoreIds(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('store_locations')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function listLoyaltyChainIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_loyalty_chains').select('chain_id').where('user_id', '=', userId).orderBy('chain_id').execute();
  return rows.map((r) => r.chain_id);
}

export async function findExistingChainIds(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('store_chains')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export interface PreferencesPatch {
  currency: string;
  units: string;
  locale: string;
  trip_cost_cents: number;
  home_store_ids: readonly string[];
  /** Left out (undefined): unchanged. */
  home_point?: { lat: number; lon: number } | null;
  store_radius_km?: number | null;
  trip_cost_per_km_cents?: number | null;
  /** Undefined keeps the saved cards. */
  loyalty_chain_ids?: readonly string[];
}

/** Profile columns and the home-store set change together or not at all. */
export async function savePreferences(db: Kysely<Database>, userId: string, patch: PreferencesPatch): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('profiles')
      .set({
        currency: patch.currency,
        units: patch.units,
        locale: patch.locale,
        trip_cost_cents: patch.trip_cost_cents,
        ...(patch.home_point !== undefined ? { home_lat: patch.home_point?.lat ?? null, home_lon: patch.home_point?.lon ?? null } : {}),
        ...(patch.store_radius_km !== undefined ? { store_radius_km: patch.store_radius_km } : {}),
        ...(patch.trip_cost_per_km_cents !== undefined ? { trip_cost_per_km_cents: patch.trip_cost_per_km_cents } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('user_home_stores').where('user_id', '=', userId).execute();
    if (patch.home_store_ids.length > 0) {
      await trx
        .insertInto('user_home_stores')
        .values(patch.home_store_ids.map((storeId) => ({ user_id: userId, store_id: storeId })))
        .execute();
    }
    if (patch.loyalty_chain_ids === undefined) return;
    await trx.deleteFrom('user_loyalty_chains').where('user_id', '=', userId).execute();
    if (patch.loyalty_chain_ids.length > 0) {
      await trx
        .insertInto('user_loyalty_chains')
        .values(patch.loyalty_chain_ids.map((chainId) => ({ user_id: userId, chain_id: chainId })))
        .execute();
    }
  });
}
