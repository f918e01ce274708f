import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/ids';
import { lockWithinTransaction } from '../../db/transaction-lock';

/**
 * Makes membership changes of one household (joins, leaves, removals) run one after another: each touches the
 * members' rows, the invites and the counters of every member, and two interleaved could each wait for the other.
 * Take it first in the transaction.
 */
export function lockHousehold(trx: Kysely<Database>, householdId: string): Promise<void> {
  return lockWithinTransaction(trx, `household:${householdId}`);
}

/**
 * Revokes the invite codes a member made for the household and the one that admitted them, so nobody joins
 * through them once the member is gone (a member who comes back needs a new invite).
 */
async function revokeInvitesOf(trx: Kysely<Database>, householdId: string, userId: string): Promise<void> {
  const membership = await trx
    .selectFrom('household_members')
    .select('invite_id')
    .where('household_id', '=', householdId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const admittedBy = membership?.invite_id ?? null;
  await trx
    .deleteFrom('household_invites')
    .where('household_id', '=', householdId)
    .where((eb) => (admittedBy ? eb.or([eb('created_by', '=', userId), eb('id', '=', admittedBy)]) : eb('created_by', '=', userId)))
    .execute();
}

/**
 * Takes a member out of a household within the caller's transaction, revoking the invites made by or for them. When the owner leaves, the longest-standing
 * member becomes owner; a household with nobody left is dissolved (its lists and pantry items fall back to their
 * creators). Returns the owner afterwards, or null when the household was dissolved.
 */
export async function dropMembership(trx: Kysely<Database>, householdId: string, userId: string): Promise<string | null> {
  await lockHousehold(trx, householdId);
  await revokeInvitesOf(trx, householdId, userId);
  await trx.deleteFrom('household_members').where('household_id', '=', householdId).where('user_id', '=', userId).execute();
  const next = await trx
    .selectFrom('household_members')
    .select('user_id')
    .where('household_id', '=', householdId)
    .orderBy('joined_at')
    .orderBy('user_id')
    .executeTakeFirst();
  if (!next) {
    await trx.updateTable('shopping_lists').set({ household_id: null }).where('household_id', '=', householdId).execute();
    await trx.updateTable('pantry_items').set({ household_id: null }).where('household_id', '=', householdId).execute();
    await trx.deleteFrom('household_invites').where('household_id', '=', householdId).execute();
    await trx.deleteFrom('households').where('id', '=', householdId).execute();
    return null;
  }
  const household = await trx.selectFrom('households').select('owner_id').where('id', '=', householdId).executeTakeFirstOrThrow();
  if (household.owner_id !== userId) return household.owner_id;
  await trx
    .updateTable('household_members')
    .set({ role: 'owner' })
    .where('household_id', '=', householdId)
    .where('user_id', '=', next.user_id)
    .execute();
  await trx.updateTable('households').set({ owner_id: next.user_id, updated_at: nowIso() }).where('id', '=', householdId).execute();
  return next.user_id;
}
