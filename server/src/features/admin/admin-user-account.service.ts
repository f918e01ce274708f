import type { TAdminUser, TAdminUserDetail, TAdminUserEvent } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { announceAuthChange, type CurrentUser } from '../../auth/current-user';
import { nowIso } from '../../db/ids';
import { badRequest, notFound } from '../../http/errors';
import { writeAudit } from '../../platform/audit-log';
import { isBillingEnabled } from '../billing';
import { publishProfileChange } from '../profile';
import { toAdminUser } from './admin-users.service';

const EVENT_LIMIT = 20;

function parseDetails(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** One account as an operator sees it: its state, what it holds (counts only) and the operators' actions on it. */
export async function getUserDetail(app: Deps<'config' | 'db'>, userId: string): Promise<TAdminUserDetail> {
  const db = app.db;
  const profile = await db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!profile) throw notFound('User');
  const count = async (query: Promise<{ n: string | number | bigint } | undefined>) => Number((await query)?.n ?? 0);
  const [lists, receipts, pantryItems, deals, households, accessTokens, sessions, authUser, events] = await Promise.all([
    count(
      db
        .selectFrom('shopping_lists')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('receipts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('pantry_items')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('deals')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('submitted_by', '=', userId)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('household_members')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('api_tokens')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('session')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('userId', '=', userId)
        .executeTakeFirst(),
    ),
    db.selectFrom('user').select(['emailVerified']).where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('audit_log')
      .leftJoin('profiles as actor', 'actor.id', 'audit_log.actor_id')
      .select(['audit_log.action', 'audit_log.details', 'audit_log.created_at', 'actor.email as actor_email'])
      .where('audit_log.target_type', '=', 'user')
      .where('audit_log.target_id', '=', userId)
      .orderBy('audit_log.created_at', 'desc')
      .limit(EVENT_LIMIT)
      .execute(),
  ]);
  return {
    ...toAdminUser(profile, isBillingEnabled(app.config), new Date()),
    suspended_reason: profile.suspended_reason,
    email_verified: Boolean(authUser?.emailVerified),
    active_sessions: sessions,
    counts: { lists, receipts, pantry_items: pantryItems, deals, households, access_tokens: accessTokens },
    events: events.map((event): TAdminUserEvent => ({
      action: event.action,
      actor_email: event.actor_email,
      created_at: event.created_at,
      details: parseDetails(event.details),
    })),
  };
}

/**
 * Suspends an account: it is signed out on every device at once, refused at sign-in and its access tokens stop
 * working (current-user.ts reads suspended_at) until an operator reinstates it. Nothing it holds is deleted.
 */
export async function suspendUser(
  app: Deps<'config' | 'db' | 'events' | 'log' | 'sessionCache'>,
  actor: CurrentUser,
  userId: string,
  reason: string,
): Promise<TAdminUser> {
  if (userId === actor.id) throw badRequest('You cannot suspend your own account');
  const target = await app.db.selectFrom('profiles').select(['id', 'email', 'suspended_at']).where('id', '=', userId).executeTakeFirst();
  if (!target) throw notFound('User');
  if (target.suspended_at === null) {
    await app.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('profiles')
        .set({ suspended_at: nowIso(), suspended_reason: reason, updated_at: nowIso() })
        .where('id', '=', userId)
        .execute();
      await trx.deleteFrom('session').where('userId', '=', userId).execute();
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'user.suspended',
        targetType: 'user',
        targetId: userId,
        details: { email: target.email, reason },
      });
    });
    app.log.info({ actorId: actor.id, userId }, 'admin suspended an account');
    await announceAuthChange(app, userId);
    await publishProfileChange(app, userId);
  }
  return readAdminUser(app, userId);
}

/** Lifts a suspension: the account signs in again (its old sessions stay gone). */
export async function reinstateUser(
  app: Deps<'config' | 'db' | 'events' | 'log' | 'sessionCache'>,
  actor: CurrentUser,
  userId: string,
): Promise<TAdminUser> {
  const target = await app.db.selectFrom('profiles').select(['id', 'email', 'suspended_at']).where('id', '=', userId).executeTakeFirst();
  if (!target) throw notFound('User');
  if (target.suspended_at !== null) {
    await app.db
      .updateTable('profiles')
      .set({ suspended_at: null, suspended_reason: null, updated_at: nowIso() })
      .where('id', '=', userId)
      .execute();
    await writeAudit(app.db, {
      actorId: actor.id,
      action: 'user.reinstated',
      targetType: 'user',
      targetId: userId,
      details: { email: target.email },
    });
    app.log.info({ actorId: actor.id, userId }, 'admin reinstated an account');
    await announceAuthChange(app, userId);
    await publishProfileChange(app, userId);
  }
  return readAdminUser(app, userId);
}

async function readAdminUser(app: Deps<'config' | 'db'>, userId: string): Promise<TAdminUser> {
  const row = await app.db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return toAdminUser(row, isBillingEnabled(app.config), new Date());
}
