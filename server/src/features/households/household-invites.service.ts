import crypto from 'node:crypto';
import {
  HOUSEHOLD_INVITE_DAYS,
  HOUSEHOLD_INVITE_PATH,
  HOUSEHOLD_JOIN_LIMITS,
  type THousehold,
  type THouseholdInvite,
  type TInvitePreview,
  type TPendingHouseholdInvite,
  addDaysTo,
} from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { createId } from '../../db/ids';
import { HttpError, notFound } from '../../http/errors';
import { consumeThrottle } from '../../http/throttle';
import { findMembership, requireHouseholdRoom, requireMembership } from './household-access';
import { lockHousehold } from './household-membership';
import { findHousehold, findInviteByCode, selectPendingInvites } from './households.repo';
import { announceHouseholdChange, getHousehold, toMemberName } from './households.service';

type App = Deps<'config' | 'db' | 'events' | 'log'>;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

function createInviteCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)];
  return code;
}

function toInviteUrl(app: Deps<'config'>, code: string): string {
  const url = new URL(HOUSEHOLD_INVITE_PATH, app.config.publicUrl);
  url.searchParams.set('code', code);
  return url.toString();
}

/** Any member can invite; the code admits `maxUses` people (one unless asked) until it expires or is revoked. */
export async function createInvite(
  app: App,
  userId: string,
  householdId: string,
  maxUses = 1,
  now = new Date(),
): Promise<THouseholdInvite> {
  await requireMembership(app.db, userId, householdId);
  const code = createInviteCode();
  const expiresAt = addDaysTo(now, HOUSEHOLD_INVITE_DAYS).toISOString();
  await app.db
    .insertInto('household_invites')
    .values({
      id: createId(),
      household_id: householdId,
      code,
      created_by: userId,
      expires_at: expiresAt,
      created_at: now.toISOString(),
      max_uses: maxUses,
      uses: 0,
    })
    .execute();
  return { code, url: toInviteUrl(app, code), expiresAt, maxUses, uses: 0 };
}

/** The owner sees who else holds a way in; anyone else gets the 404 of a household they cannot see. */
async function requireOwner(app: App, userId: string, householdId: string): Promise<void> {
  const membership = await findMembership(app.db, userId, householdId);
  if (membership?.role !== 'owner') throw notFound('Household');
}

/** Codes that can still admit someone, for the owner to review and revoke. */
export async function listInvites(app: App, userId: string, householdId: string, now = new Date()): Promise<TPendingHouseholdInvite[]> {
  await requireOwner(app, userId, householdId);
  const rows = await selectPendingInvites(app.db, householdId, now.toISOString());
  return rows.map((row) => ({
    code: row.code,
    url: toInviteUrl(app, row.code),
    expiresAt: row.expires_at,
    maxUses: Number(row.max_uses),
    uses: Number(row.uses),
    createdBy: { userId: row.created_by, name: toMemberName(row) },
    createdAt: row.created_at,
  }));
}

/** The owner revokes a code of their household; an unknown code (or someone else's household) is a 404. */
export async function revokeInvite(app: App, userId: string, householdId: string, code: string): Promise<void> {
  await requireOwner(app, userId, householdId);
  const normalised = code.replace(/[\s-]/g, '').toUpperCase();
  const result = await app.db
    .deleteFrom('household_invites')
    .where('household_id', '=', householdId)
    .where('code', '=', normalised)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('Invite');
  app.log.info({ userId, householdId }, 'household invite revoked');
}

/**
 * Counts a try of an invite code against the shopper's and the address's budget (right or wrong codes alike), so
 * codes cannot be guessed: past either budget the answer is 429 until the window ends.
 */
async function throttleJoinAttempt(app: App, userId: string, ip: string): Promise<void> {
  const { windowSeconds, perUser, perAddress } = HOUSEHOLD_JOIN_LIMITS;
  const [byUser, byAddress] = await Promise.all([
    consumeThrottle(app.db, `household-join|user|${userId}`, { windowSeconds, max: perUser }),
    consumeThrottle(app.db, `household-join|ip|${ip}`, { windowSeconds, max: perAddress }),
  ]);
  const refused = [byUser, byAddress].filter((result) => !result.isAllowed);
  if (refused.length === 0) return;
  const minutes = Math.ceil(Math.max(...refused.map((result) => result.retryAfterSeconds)) / 60);
  app.log.warn({ userId }, 'household invite codes throttled');
  throw new HttpError(429, 'rate_limited', `Too many invite codes tried. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}

/** The invite behind a code, refusing unknown, expired and used-up codes with the message the shopper sees. */
async function findUsableInvite(app: App, code: string, now: Date) {
  const invite = await findInviteByCode(app.db, code);
  if (!invite) throw notFound('Invite');
  if (invite.expires_at <= now.toISOString()) throw new HttpError(410, 'invite_expired', 'This invite has expired. Ask for a new one.');
  if (Number(invite.uses) >= Number(invite.max_uses)) throw usedUp();
  const household = await findHousehold(app.db, invite.household_id);
  if (!household) throw notFound('Invite');
  return { invite, household };
}

const usedUp = () => new HttpError(410, 'invite_used', 'This invite has already been used. Ask for a new one.');

/** Who invites to which household, for the page a shopper sees before joining (counted like a join). */
export async function previewInvite(app: App, userId: string, ip: string, code: string, now = new Date()): Promise<TInvitePreview> {
  await throttleJoinAttempt(app, userId, ip);
  const { invite, household } = await findUsableInvite(app, code, now);
  const inviter = await app.db
    .selectFrom('profiles')
    .select(['display_name', 'full_name', 'email'])
    .where('id', '=', invite.created_by)
    .executeTakeFirst();
  return { householdName: household.name, inviterName: toMemberName(inviter ?? {}), expiresAt: invite.expires_at };
}

/**
 * Joins with an invite code, using up one of its joins; joining a household one already belongs to changes nothing
 * and uses nothing. The use and the membership commit together, so a single-use code admits one shopper even when
 * several race for it.
 */
export async function joinHousehold(app: App, userId: string, ip: string, code: string, now = new Date()): Promise<THousehold> {
  await throttleJoinAttempt(app, userId, ip);
  const { invite, household } = await findUsableInvite(app, code, now);
  if (await findMembership(app.db, userId, household.id)) return getHousehold(app, userId, household.id);
  await requireHouseholdRoom(app.db, userId);
  const isJoined = await app.db.transaction().execute(async (trx) => {
    await lockHousehold(trx, household.id);
    const inserted = await trx
      .insertInto('household_members')
      .values({ household_id: household.id, user_id: userId, role: 'member', joined_at: now.toISOString(), invite_id: invite.id })
      .onConflict((oc) => oc.columns(['household_id', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    const used = await trx
      .updateTable('household_invites')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('id', '=', invite.id)
      .whereRef('uses', '<', 'max_uses')
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0) throw usedUp();
    return true;
  });
  if (isJoined) {
    app.log.info({ userId, householdId: household.id }, 'household joined');
    await announceHouseholdChange(app, household.id);
  }
  return getHousehold(app, userId, household.id);
}
