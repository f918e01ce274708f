import crypto from 'node:crypto';
import type { TInvite, TWaitlistEntry } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import type { CurrentUser } from '../../auth/current-user';
import { createId, nowIso } from '../../db/ids';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { writeAudit } from '../../platform/audit-log';

const LIST_LIMIT = 200;
// No 0/O or 1/I so a code read aloud or copied by hand still works.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function generateInviteCode(): string {
  const bytes = crypto.randomBytes(10);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

export async function listWaitlist(app: Deps<'config' | 'db' | 'mailer'>): Promise<TWaitlistEntry[]> {
  return app.db.selectFrom('waitlist').selectAll().orderBy('created_at', 'desc').limit(LIST_LIMIT).execute();
}

export async function addToWaitlist(app: Deps<'config' | 'db' | 'mailer'>, actor: CurrentUser, email: string): Promise<TWaitlistEntry> {
  const existing = await app.db.selectFrom('waitlist').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) throw new HttpError(409, 'conflict', 'That email is already on the waitlist');
  const entry = { id: createId(), email, status: 'waiting', created_at: nowIso() };
  await app.db.insertInto('waitlist').values(entry).execute();
  await writeAudit(app.db, { actorId: actor.id, action: 'waitlist.added', targetType: 'waitlist', targetId: entry.id, details: { email } });
  return entry;
}

async function issueInvite(app: Deps<'config' | 'db' | 'mailer'>, actor: CurrentUser, email: string): Promise<string> {
  const id = createId();
  const code = generateInviteCode();
  await app.db.insertInto('invites').values({ id, email, code, created_by: actor.id, used_at: null, created_at: nowIso() }).execute();
  const signupUrl = new URL(`/signup?invite=${code}`, app.config.publicUrl).toString();
  await app.mailer.sendMail({
    to: email,
    subject: 'Your Cartwise invite',
    text: `You are invited to Cartwise, the grocery-savings app.\n\nYour invite code: ${code}\nCreate your account: ${signupUrl}`,
  });
  await writeAudit(app.db, { actorId: actor.id, action: 'invite.created', targetType: 'invite', targetId: id, details: { email } });
  return id;
}

/** Sends an invite to a waitlisted email and marks the entry invited. */
export async function inviteFromWaitlist(
  app: Deps<'config' | 'db' | 'mailer'>,
  actor: CurrentUser,
  waitlistId: string,
): Promise<TWaitlistEntry> {
  const entry = await app.db.selectFrom('waitlist').selectAll().where('id', '=', waitlistId).executeTakeFirst();
  if (!entry) throw notFound('Waitlist entry');
  if (entry.status === 'invited') throw badRequest('This person has already been invited');
  await issueInvite(app, actor, entry.email);
  await app.db.updateTable('waitlist').set({ status: 'invited' }).where('id', '=', waitlistId).execute();
  await writeAudit(app.db, {
    actorId: actor.id,
    action: 'waitlist.invited',
    targetType: 'waitlist',
    targetId: waitlistId,
    details: { email: entry.email },
  });
  return { ...entry, status: 'invited' };
}

export async function listInvites(app: Deps<'config' | 'db' | 'mailer'>): Promise<TInvite[]> {
  const rows = await app.db
    .selectFrom('invites')
    .leftJoin('profiles', 'profiles.id', 'invites.created_by')
    .selectAll('invites')
    .select('profiles.email as created_by_email')
    .orderBy('invites.created_at', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    code: r.code,
    created_by_email: r.created_by_email,
    used_at: r.used_at,
    created_at: r.created_at,
  }));
}

export async function createInvite(app: Deps<'config' | 'db' | 'mailer'>, actor: CurrentUser, email: string): Promise<TInvite> {
  const id = await issueInvite(app, actor, email);
  const invite = (await listInvites(app)).find((i) => i.id === id);
  if (!invite) throw notFound('Invite');
  return invite;
}

/** Revokes an unused invite; a used one stays as the record of how that account joined. */
export async function revokeInvite(app: Deps<'config' | 'db' | 'mailer'>, actor: CurrentUser, inviteId: string): Promise<void> {
  const invite = await app.db.selectFrom('invites').selectAll().where('id', '=', inviteId).executeTakeFirst();
  if (!invite) throw notFound('Invite');
  if (invite.used_at) throw badRequest('This invite has already been used');
  await app.db.deleteFrom('invites').where('id', '=', inviteId).execute();
  await writeAudit(app.db, {
    actorId: actor.id,
    action: 'invite.revoked',
    targetType: 'invite',
    targetId: inviteId,
    details: { email: invite.email },
  });
}
