import type { THousehold, THouseholdSpend, TReceiptSharing } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { createId, nowIso } from '../../db/ids';
import { HttpError, notFound } from '../../http/errors';
import { requireHouseholdRoom, requireMembership, selectMemberIds } from './household-access';
import { dropMembership, lockHousehold } from './household-membership';
import { findHousehold, selectHouseholdsOf, selectMembers, type HouseholdRow, type MemberRow } from './households.repo';

export function toMemberName(row: Partial<Pick<MemberRow, 'display_name' | 'full_name' | 'email'>>): string {
  return row.display_name?.trim() || row.full_name?.trim() || row.email?.split('@')[0] || 'Member';
}

function toHouseholdDto(row: HouseholdRow, role: 'owner' | 'member', members: MemberRow[]): THousehold {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    role,
    members: members.map((m) => ({ userId: m.user_id, name: toMemberName(m), role: m.role, joinedAt: m.joined_at })),
    createdAt: row.created_at,
  };
}

/** Tells every member (and anyone just removed) that the household changed, so their pages refetch. */
export async function announceHouseholdChange(
  app: Deps<'config' | 'db' | 'events' | 'log'>,
  householdId: string,
  alsoTo: string[] = [],
): Promise<void> {
  try {
    const userIds = new Set([...(await selectMemberIds(app.db, householdId)), ...alsoTo]);
    await Promise.all([...userIds].map((userId) => app.events.publish(userId, { type: 'household', id: householdId })));
  } catch (err) {
    app.log.warn({ err, householdId }, 'household event not published');
  }
}

export async function listHouseholds(app: Deps<'config' | 'db' | 'events' | 'log'>, userId: string): Promise<THousehold[]> {
  const rows = await selectHouseholdsOf(app.db, userId);
  const members = await selectMembers(
    app.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toHouseholdDto(
      row,
      row.role,
      members.filter((m) => m.household_id === row.id),
    ),
  );
}

export async function getHousehold(
  app: Deps<'config' | 'db' | 'events' | 'log'>,
  userId: string,
  householdId: string,
): Promise<THousehold> {
  const role = await requireMembership(app.db, userId, householdId);
  const row = await findHousehold(app.db, householdId);
  if (!row) throw notFound('Household');
  return toHouseholdDto(row, role, await selectMembers(app.db, [householdId]));
}

export async function createHousehold(app: Deps<'config' | 'db' | 'events' | 'log'>, userId: string, name: string): Promise<THousehold> {
  await requireHouseholdRoom(app.db, userId);
  const now = nowIso();
  const id = createId();
  await app.db.transaction().execute(async (trx) => {
    await trx.insertInto('households').values({ id, name, owner_id: userId, created_at: now, updated_at: now }).execute();
    await trx.insertInto('household_members').values({ household_id: id, user_id: userId, role: 'owner', joined_at: now }).execute();
  });
  return getHousehold(app, userId, id);
}

/**
 * Takes a shopper out of a household: their shared receipts stop being shared with it. An owner who leaves hands
 * the household to the member who joined first; the last member leaving ends it, and its lists and pantry items
 * go back to whoever created them.
 */
async function removeFromHousehold(app: Deps<'config' | 'db' | 'events' | 'log'>, householdId: string, userId: string): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await lockHousehold(trx, householdId);
    await trx
      .updateTable('receipts')
      .set({ household_id: null })
      .where('household_id', '=', householdId)
      .where('user_id', '=', userId)
      .execute();
    await dropMembership(trx, householdId, userId);
  });
  await announceHouseholdChange(app, householdId, [userId]);
}

export async function leaveHousehold(app: Deps<'config' | 'db' | 'events' | 'log'>, userId: string, householdId: string): Promise<void> {
  await requireMembership(app.db, userId, householdId);
  await removeFromHousehold(app, householdId, userId);
  app.log.info({ userId, householdId }, 'household left');
}

/** Only the owner removes members; to leave, the owner uses leave. */
export async function removeMember(
  app: Deps<'config' | 'db' | 'events' | 'log'>,
  userId: string,
  householdId: string,
  memberId: string,
): Promise<void> {
  const role = await requireMembership(app.db, userId, householdId);
  if (role !== 'owner') throw new HttpError(403, 'forbidden', 'Only the owner can remove members');
  if (memberId === userId) throw new HttpError(400, 'bad_request', 'Use Leave to leave your own household');
  const member = await app.db
    .selectFrom('household_members')
    .select('user_id')
    .where('household_id', '=', householdId)
    .where('user_id', '=', memberId)
    .executeTakeFirst();
  if (!member) throw notFound('Member');
  await removeFromHousehold(app, householdId, memberId);
  app.log.info({ userId, householdId, memberId }, 'household member removed');
}

/** Shares one of the shopper's receipts with a household they belong to (null stops sharing). */
export async function shareReceipt(
  app: Deps<'config' | 'db' | 'events' | 'log'>,
  userId: string,
  receiptId: string,
  householdId: string | null,
): Promise<TReceiptSharing> {
  const receipt = await app.db
    .selectFrom('receipts')
    .select('id')
    .where('id', '=', receiptId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!receipt) throw notFound('Receipt');
  if (householdId) await requireMembership(app.db, userId, householdId);
  await app.db
    .updateTable('receipts')
    .set({ household_id: householdId })
    .where('id', '=', receiptId)
    .where('user_id', '=', userId)
    .execute();
  return { id: receiptId, householdId };
}

/** What members shared with the household, summed per member and per month (only shared receipts count). */
export async function getHouseholdSpend(
  app: Deps<'config' | 'db' | 'events' | 'log'>,
  userId: string,
  householdId: string,
): Promise<THouseholdSpend> {
  await requireMembership(app.db, userId, householdId);
  const rows = await app.db
    .selectFrom('receipts')
    .select(['user_id', 'total_cents', 'purchased_on', 'created_at'])
    .where('household_id', '=', householdId)
    .execute();
  const members = await selectMembers(app.db, [householdId]);
  const byMember = new Map<string, { total: number; receiptCount: number }>();
  const byMonth = new Map<string, { total: number; receiptCount: number }>();
  let totalCents = 0;
  for (const row of rows) {
    const cents = Number(row.total_cents);
    totalCents += cents;
    const month = (row.purchased_on ?? row.created_at).slice(0, 7);
    for (const [map, key] of [
      [byMember, row.user_id],
      [byMonth, month],
    ] as const) {
      const entry = map.get(key) ?? { total: 0, receiptCount: 0 };
      entry.total += cents;
      entry.receiptCount += 1;
      map.set(key, entry);
    }
  }
  return {
    total: totalCents / 100,
    receiptCount: rows.length,
    byMember: members.map((m) => {
      const entry = byMember.get(m.user_id) ?? { total: 0, receiptCount: 0 };
      return { userId: m.user_id, name: toMemberName(m), total: entry.total / 100, receiptCount: entry.receiptCount };
    }),
    byMonth: [...byMonth.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([month, entry]) => ({ month, total: entry.total / 100, receiptCount: entry.receiptCount })),
  };
}
