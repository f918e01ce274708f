import crypto from 'node:crypto';
import { DEFAULT_NOTIFICATION_PREFERENCES, type TCompleteOnboarding, type TOnboardingState } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { isFlagSet, nowIso, toFlag } from '../../db/ids';
import { badRequest, notFound } from '../../http/errors';
import { findProfile } from '../profile';
import { publishProfileChange } from '../profile';
import { listStoreOptions } from '../stores';

export async function getOnboardingState(app: Deps<'db'>, userId: string): Promise<TOnboardingState> {
  const profile = await findProfile(app.db, userId);
  if (!profile) throw notFound('Profile');
  const [stores, homeStores, prefs] = await Promise.all([
    listStoreOptions(app.db, userId),
    app.db.selectFrom('user_home_stores').select('store_id').where('user_id', '=', userId).execute(),
    app.db.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return {
    profile: {
      email: profile.email,
      full_name: profile.full_name ?? '',
      display_name: profile.display_name,
      is_onboarded: profile.onboarded_at !== null,
    },
    stores,
    home_store_ids: homeStores.map((row) => row.store_id),
    preferences: prefs
      ? { marketing: isFlagSet(prefs.marketing), product: isFlagSet(prefs.product), receipts: isFlagSet(prefs.receipts) }
      : {
          marketing: DEFAULT_NOTIFICATION_PREFERENCES.marketing,
          product: DEFAULT_NOTIFICATION_PREFERENCES.product,
          receipts: DEFAULT_NOTIFICATION_PREFERENCES.receipts,
        },
  };
}

async function checkStoresExist(app: Deps<'db'>, storeIds: string[]): Promise<void> {
  if (storeIds.length === 0) return;
  const found = await app.db.selectFrom('store_locations').select('id').where('id', 'in', storeIds).execute();
  if (found.length !== storeIds.length) throw badRequest('One or more chosen stores do not exist');
}

/** Saves the three onboarding steps together and marks the profile onboarded. */
export async function completeOnboarding(
  app: Deps<'db' | 'events'>,
  userId: string,
  input: TCompleteOnboarding,
): Promise<TOnboardingState> {
  const storeIds = [...new Set(input.homeStoreIds)];
  await checkStoresExist(app, storeIds);
  const now = nowIso();
  const { marketing, product, receipts } = input.notifications;
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('profiles')
      .set({ full_name: input.fullName, display_name: input.displayName || null, onboarded_at: now, updated_at: now })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('user_home_stores').where('user_id', '=', userId).execute();
    if (storeIds.length > 0) {
      await trx
        .insertInto('user_home_stores')
        .values(storeIds.map((storeId) => ({ user_id: userId, store_id: storeId })))
        .execute();
    }
    await trx
      .insertInto('notification_preferences')
      .values({
        user_id: userId,
        marketing: toFlag(marketing),
        product: toFlag(product),
        receipts: toFlag(receipts),
        unsubscribe_token: crypto.randomBytes(24).toString('hex'),
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ marketing: toFlag(marketing), product: toFlag(product), receipts: toFlag(receipts), updated_at: now }),
      )
      .execute();
  });
  await publishProfileChange(app, userId);
  return getOnboardingState(app, userId);
}

/** Skip: the shopper keeps the defaults; onboarding is not offered again. */
export async function skipOnboarding(app: Deps<'db' | 'events'>, userId: string): Promise<void> {
  const now = nowIso();
  await app.db
    .updateTable('profiles')
    .set({ onboarded_at: now, updated_at: now })
    .where('id', '=', userId)
    .where('onboarded_at', 'is', null)
    .execute();
  await publishProfileChange(app, userId);
}
