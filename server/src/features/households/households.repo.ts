import type { Kysely, Selectable } from 'kysely';
import type { Database, HouseholdsTable } from '../../db/schema';

type Db = Kysely<Database>;
export type HouseholdRow = Selectable<HouseholdsTable>;

export interface MemberRow {
  user_id: string;
  role: 'owner' | 'member';
  joined_at: string;
  display_name: string | null;
  full_name: string | null;
  email: string | null;
}

export function findHousehold(db: Db, id: string): Promise<HouseholdRow | undefined> {
  return db.selectFrom('households').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Members in the order they joined, with the name other members see. */
export function selectMembers(db: Db, householdIds: readonly string[]): Promise<(MemberRow & { household_id: string })[]> {
  if (householdIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('household_members as m')
    .leftJoin('profiles as p', 'p.id', 'm.user_id')
    .select(['m.household_id', 'm.user_id', 'm.role', 'm.joined_at', 'p.display_name', 'p.full_name', 'p.email'])
    .where('m.household_id', 'in', householdIds)
    .orderBy('m.joined_at')
    .orderBy('m.user_id')
    .execute();
}

export function selectHouseholdsOf(db: Db, userId: string): Promise<(HouseholdRow & { role: 'owner' | 'member' })[]> {
  return db
    .selectFrom('households as h')
    .innerJoin('household_members as m', 'm.household_id', 'h.id')
    .selectAll('h')
    .select('m.role')
    .where('m.user_id', '=', userId)
    .orderBy('h.created_at')
    .orderBy('h.id')
    .execute();
}

export function findInviteByCode(db: Db, code: string) {
  return db.selectFrom('household_invites').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Codes of the household that can still admit someone (not expired, uses left), newest first, with their maker. */
export function selectPendingInvites(db: Db, householdId: string, nowIso: string) {
  return db
    .selectFrom('household_invites as i')
    .leftJoin('profiles as p', 'p.id', 'i.created_by')
    .select(['i.code', 'i.expires_at', 'i.max_uses', 'i.uses', 'i.created_by', 'i.created_at', 'p.display_name', 'p.full_name', 'p.email'])
    .where('i.household_id', '=', householdId)
    .where('i.expires_at', '>', nowIso)
    .whereRef('i.uses', '<', 'i.max_uses')
    .orderBy('i.created_at', 'desc')
    .orderBy('i.code')
    .execute();
}
