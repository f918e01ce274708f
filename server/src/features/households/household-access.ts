import type { Kysely } from 'kysely';
import { ACCOUNT_LIMITS, type TRealtimeEvent } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import { requireBelowLimit } from '../../platform/account-limits';

type Db = Kysely<Database>;

/**
 * The households a shopper belongs to, as a subquery. Rows that are either personal or a household's (lists,
 * pantry items) are readable by their creator while they have no household, else by every current member: a
 * member who leaves or is removed loses access even to the rows they created in the household.
 */
export function memberHouseholdIds(db: Db, userId: string) {
  return db.selectFrom('household_members').select('household_members.household_id').where('household_members.user_id', '=', userId);
}

/** Refuses to add the shopper to one more household once they belong to as many as an account may. */
export async function requireHouseholdRoom(db: Db, userId: string): Promise<void> {
  const row = await db
    .selectFrom('household_members')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  requireBelowLimit(row.count, ACCOUNT_LIMITS.households, 'households');
}

export async function findMembership(db: Db, userId: string, householdId: string) {
  return db
    .selectFrom('household_members')
    .select(['role', 'joined_at'])
    .where('household_id', '=', householdId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The shopper's role in the household; anyone else gets the same 404 as a household that does not exist. */
export async function requireMembership(db: Db, userId: string, householdId: string): Promise<'owner' | 'member'> {
  const membership = await findMembership(db, userId, householdId);
  if (!membership) throw notFound('Household');
  return membership.role;
}

export async function selectMemberIds(db: Db, householdId: string): Promise<string[]> {
  const rows = await db.selectFrom('household_members').select('user_id').where('household_id', '=', householdId).execute();
  return rows.map((row) => row.user_id);
}

/**
 * Sends an event to everyone who sees the row: all members of its household, or just its owner. A failed
 * publish is logged, never failing the write that caused it (pages also refetch on focus).
 */
export async function publishToAudience(
  app: Deps<'db' | 'events' | 'log'>,
  owner: { user_id: string; household_id: string | null },
  event: TRealtimeEvent,
): Promise<void> {
  try {
    const userIds = owner.household_id ? await selectMemberIds(app.db, owner.household_id) : [owner.user_id];
    await Promise.all(userIds.map((userId) => app.events.publish(userId, event)));
  } catch (err) {
    app.log.warn({ err, event: event.type }, 'realtime event not published');
  }
}
