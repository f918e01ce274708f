import type { Kysely } from 'kysely';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/schema';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../http/errors';
import { listAccountThrottleKeys } from '../../auth/sign-in-throttle';
import { photoUploadThrottleKey } from '../../platform/photo-upload-limit';
import { deleteUpload } from '../receipts';
import { deleteDealPhotoFile } from '../deals';
import { dropMembership } from '../households';
import { cancelSubscriptionNow } from '../billing';
import type { AppConfig } from '../../config';
import type { FileStore } from '../../storage/file-store';

export interface AccountDeletionDeps {
  db: Kysely<Database>;
  auth: Auth;
  log: FastifyBaseLogger;
  files: FileStore;
  config: AppConfig;
}

/** An account without a password proves itself with a session this recent (signed in again just now). */
export const FRESH_SESSION_MS = 15 * 60 * 1000;

export const WRONG_PASSWORD = 'The password is not correct.';
export const PASSWORD_REQUIRED = 'Enter your password to delete your account.';
export const SIGN_IN_AGAIN = 'Sign in again, then delete your account within 15 minutes.';
export const LAST_OPERATOR = 'You are the only operator: make someone else an operator before deleting your account.';

/**
 * Re-authentication for DELETE /api/me: the account's password when it has one, else a session made in the
 * last 15 minutes (a passkey or phone-code account signs in again first).
 */
export async function confirmOwner(
  deps: AccountDeletionDeps,
  userId: string,
  sessionCreatedAt: Date,
  password: string | undefined,
): Promise<void> {
  const credential = await deps.db
    .selectFrom('account')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  if (credential?.password) {
    if (!password) throw new HttpError(400, 'password_required', PASSWORD_REQUIRED);
    const ctx = await deps.auth.$context;
    const isMatch = await ctx.password.verify({ hash: credential.password, password });
    if (!isMatch) throw new HttpError(403, 'wrong_password', WRONG_PASSWORD);
    return;
  }
  if (Date.now() - sessionCreatedAt.getTime() > FRESH_SESSION_MS) throw new HttpError(403, 'reauthentication_required', SIGN_IN_AGAIN);
}

/** The last operator cannot leave the operator area without anyone to run it. */
async function assertNotLastOperator(db: Kysely<Database>, userId: string): Promise<void> {
  const operators = await db.selectFrom('profiles').select('id').where('role', '=', 'admin').execute();
  if (operators.length === 1 && operators[0]!.id === userId) throw new HttpError(409, 'last_operator', LAST_OPERATOR);
}

/**
 * Deletes an account and everything personal in it, in one transaction: profile, preferences, receipts and
 * their jobs, lists, pantry, alerts, notifications, home stores, pending or rejected deals, better-auth's
 * user with its sessions, credentials, two-factor secrets, passkeys and pending tokens, and the mail kept for
 * the address. A running subscription is cancelled at Stripe first. What the community keeps is anonymised:
 * price observations and approved deals lose the link to the user, as do stores, product names and operator
 * records the user created. Stored files (receipt
 * photos and PDFs, photos of deleted deals) are removed after the commit, from the data dir or object storage.
 */
export async function deleteAccount(deps: AccountDeletionDeps, userId: string): Promise<void> {
  const { db } = deps;
  const user = await db.selectFrom('user').select(['id', 'email', 'phoneNumber']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new HttpError(404, 'not_found', 'User not found');
  await assertNotLastOperator(db, userId);
  await cancelSubscriptionNow(deps, userId);

  const files = await db.transaction().execute(async (trx) => {
    const receiptFiles = await trx.selectFrom('receipts').select('image_key as key').where('user_id', '=', userId).execute();
    const jobFiles = await trx.selectFrom('receipt_jobs').select('file_key as key').where('user_id', '=', userId).execute();
    const dealPhotos = await trx
      .selectFrom('deals')
      .select('photo_key as key')
      .where('submitted_by', '=', userId)
      .where('status', '!=', 'approved')
      .execute();

    // The community keeps the prices and approved deals, without the person behind them.
    const receiptIds = trx.selectFrom('receipts').select('id').where('user_id', '=', userId);
    const itemIds = trx.selectFrom('receipt_items').select('receipt_items.id').where('receipt_id', 'in', receiptIds);
    await trx.updateTable('price_observations').set({ user_id: null }).where('user_id', '=', userId).execute();
    // Shelf prices nobody confirmed were only ever theirs.
    await trx.deleteFrom('shelf_price_reports').where('user_id', '=', userId).execute();
    await trx
      .updateTable('price_observations')
      .set({ source_id: null })
      .where('source', '=', 'receipt')
      .where('source_id', 'in', itemIds)
      .execute();
    await trx
      .updateTable('deals')
      .set({ submitted_by: null })
      .where('submitted_by', '=', userId)
      .where('status', '=', 'approved')
      .execute();
    await trx.deleteFrom('deals').where('submitted_by', '=', userId).execute();
    await trx.updateTable('deals').set({ moderated_by: null }).where('moderated_by', '=', userId).execute();
    await trx.updateTable('store_locations').set({ created_by: null }).where('created_by', '=', userId).execute();
    await trx.updateTable('product_aliases').set({ created_by: null }).where('created_by', '=', userId).execute();
    // Their own catalogue links, products and undecided proposals were only ever theirs; decided ones stay as history.
    await trx.deleteFrom('product_aliases').where('user_id', '=', userId).execute();
    await trx.deleteFrom('catalogue_changes').where('proposed_by', '=', userId).where('status', '=', 'pending').execute();
    await trx.updateTable('catalogue_changes').set({ proposed_by: null }).where('proposed_by', '=', userId).execute();
    await trx.updateTable('catalogue_changes').set({ decided_by: null }).where('decided_by', '=', userId).execute();
    await trx.deleteFrom('products').where('owner_user_id', '=', userId).execute();
    await trx.updateTable('invites').set({ created_by: null }).where('created_by', '=', userId).execute();
    await trx.updateTable('notification_log').set({ requested_by: null }).where('requested_by', '=', userId).execute();
    await trx.updateTable('audit_log').set({ actor_id: null }).where('actor_id', '=', userId).execute();

    await handOverHouseholds(trx, userId);

    // The user's own data (most of it would go by cascade from profiles; explicit, so no table is missed).
    await trx.deleteFrom('receipt_jobs').where('user_id', '=', userId).execute();
    await trx.deleteFrom('receipt_items').where('receipt_id', 'in', receiptIds).execute();
    await trx.deleteFrom('receipts').where('user_id', '=', userId).execute();
    await trx
      .deleteFrom('list_items')
      .where('list_id', 'in', trx.selectFrom('shopping_lists').select('id').where('user_id', '=', userId))
      .execute();
    await trx.deleteFrom('shopping_lists').where('user_id', '=', userId).execute();
    await trx.deleteFrom('pantry_items').where('user_id', '=', userId).execute();
    await trx.deleteFrom('split_cart_plans').where('user_id', '=', userId).execute();
    await trx.deleteFrom('aisle_ticks').where('walker_id', '=', userId).execute();
    await trx.deleteFrom('deal_alerts').where('user_id', '=', userId).execute();
    await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_home_stores').where('user_id', '=', userId).execute();
    await trx.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
    await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('push_preferences').where('user_id', '=', userId).execute();
    await trx.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
    await trx.deleteFrom('billing_reminders').where('user_id', '=', userId).execute();
    await trx.updateTable('billing_events').set({ user_id: null }).where('user_id', '=', userId).execute();
    await trx.deleteFrom('profiles').where('id', '=', userId).execute();

    const addresses = [user.email.toLowerCase(), ...(user.phoneNumber ? [user.phoneNumber] : [])];
    await trx.deleteFrom('outbox_messages').where('recipient', 'in', addresses).execute();
    await trx.deleteFrom('waitlist').where('email', '=', user.email.toLowerCase()).execute();
    await trx.deleteFrom('invites').where('email', '=', user.email.toLowerCase()).execute();
    // Throttle counters keyed by the user, the address or the number (sign-in failures, code sends, uploads), by
    // exact key: a pattern would also match another account's counter (`_` and `%` are wildcards in LIKE).
    const throttleKeys = [...listAccountThrottleKeys(user.email, user.phoneNumber), photoUploadThrottleKey(userId)];
    await trx.deleteFrom('rate_limits').where('key', 'in', throttleKeys).execute();

    // better-auth's side: tokens naming the user or the address, then factors, sessions, credentials and the user.
    await trx
      .deleteFrom('verification')
      .where((eb) => eb.or([eb('value', '=', userId), eb('identifier', 'in', addresses), eb('value', 'like', `%${userId}%`)]))
      .execute();
    await trx.deleteFrom('twoFactor').where('userId', '=', userId).execute();
    await trx.deleteFrom('passkey').where('userId', '=', userId).execute();
    await trx.deleteFrom('session').where('userId', '=', userId).execute();
    await trx.deleteFrom('account').where('userId', '=', userId).execute();
    await trx.deleteFrom('user').where('id', '=', userId).execute();
    return { uploads: [...receiptFiles, ...jobFiles].map((f) => f.key), dealPhotos: dealPhotos.map((f) => f.key) };
  });

  await removeFiles(deps, userId, files);
}

/**
 * Leaves every household the user is in, as leaving would: ownership passes to the longest-standing member, and
 * the lists and pantry items the user created for the household stay with it under that owner's name; a
 * household with nobody left is dissolved (its lists and pantry items fall back to their creators).
 */
async function handOverHouseholds(trx: Kysely<Database>, userId: string): Promise<void> {
  const memberships = await trx.selectFrom('household_members').select('household_id').where('user_id', '=', userId).execute();
  for (const { household_id: householdId } of memberships) {
    const ownerId = await dropMembership(trx, householdId, userId);
    if (ownerId === null) continue;
    await trx
      .updateTable('shopping_lists')
      .set({ user_id: ownerId })
      .where('household_id', '=', householdId)
      .where('user_id', '=', userId)
      .execute();
    await trx
      .updateTable('pantry_items')
      .set({ user_id: ownerId })
      .where('household_id', '=', householdId)
      .where('user_id', '=', userId)
      .execute();
  }
  await trx.deleteFrom('household_invites').where('created_by', '=', userId).execute();
}

async function removeFiles(
  deps: AccountDeletionDeps,
  userId: string,
  files: { uploads: (string | null)[]; dealPhotos: (string | null)[] },
) {
  const failures: unknown[] = [];
  const attempt = async (remove: () => Promise<void>) => remove().catch((err: unknown) => void failures.push(err));
  for (const key of new Set(files.uploads)) await attempt(() => deleteUpload(deps.files, key));
  for (const key of new Set(files.dealPhotos)) if (key) await attempt(() => deleteDealPhotoFile(deps.files, key));
  // Uploads live under receipts/<userId>/ (data dir or object storage): the folder goes too, with anything a
  // crashed upload left behind.
  await attempt(() => deps.files.deleteFolder(`receipts/${userId}`));
  // The account is gone either way; a file that could not be removed is logged for the operator, not retried.
  if (failures.length > 0)
    deps.log.error({ userId, failures: failures.length, err: failures[0] }, 'account deleted but some stored files were not removed');
}
