import {
  getTrialState,
  type TAdminUser,
  type TAdminUserList,
  type TRole,
  type TUpdateUserSubscription,
  type TAdminUserFilter,
  addDaysTo,
} from '@cartwise/contracts';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Deps } from '../../app-types';
import { toContainsLikePattern } from '../../db/like-pattern';
import { announceAuthChange, type CurrentUser } from '../../auth/current-user';
import type { Database, Profile } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { nowIso } from '../../db/ids';
import { publishProfileChange } from '../profile';
import { readRole, readSubscriptionStatus } from '../profile';
import { writeAudit } from '../../platform/audit-log';
import { isBillingEnabled } from '../billing';

export function toAdminUser(row: Profile, isBillingOn: boolean, now: Date): TAdminUser {
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name ?? '',
    display_name: row.display_name,
    role: readRole(row),
    subscription_status: readSubscriptionStatus(row),
    trial_state: getTrialState(row, isBillingOn, now),
    trial_ends_at: row.trial_ends_at,
    paid_until: row.paid_until,
    has_subscription: row.stripe_subscription_id !== null,
    created_at: row.created_at,
    last_seen_at: row.last_seen_at,
    suspended_at: row.suspended_at,
  };
}

const daysAgo = (now: Date, days: number) => addDaysTo(now, -days).toISOString();

type ProfileQuery = SelectQueryBuilder<Database, 'profiles', object>;

/** The operator's filters as WHERE clauses; each reads indexed columns of profiles only. */
function applyUserFilters(base: ProfileQuery, query: TAdminUserFilters, now: Date): ProfileQuery {
  let q = base;
  const text = query.q?.trim();
  if (text) {
    const pattern = toContainsLikePattern(text);
    // ESCAPE is explicit because SQLite has no default LIKE escape character (PostgreSQL uses backslash).
    q = q.where(
      sql<boolean>`(lower(email) like ${pattern} escape '\\' or lower(full_name) like ${pattern} escape '\\' or lower(coalesce(display_name, '')) like ${pattern} escape '\\')`,
    );
  }
  if (query.role) q = q.where('role', '=', query.role);
  if (query.state === 'suspended') q = q.where('suspended_at', 'is not', null);
  if (query.state === 'active') q = q.where('suspended_at', 'is', null);
  const nowIsoText = now.toISOString();
  // The same order as getBillingStatus: paid while paid_until lies ahead, else trial while the trial runs.
  if (query.plan === 'paid') q = q.where('paid_until', '>', nowIsoText);
  if (query.plan === 'trial')
    q = q.where((eb) =>
      eb.and([eb.or([eb('paid_until', 'is', null), eb('paid_until', '<=', nowIsoText)]), eb('trial_ends_at', '>', nowIsoText)]),
    );
  if (query.plan === 'expired_trial')
    q = q.where((eb) =>
      eb.and([
        eb.or([eb('paid_until', 'is', null), eb('paid_until', '<=', nowIsoText)]),
        eb.or([eb('trial_ends_at', 'is', null), eb('trial_ends_at', '<=', nowIsoText)]),
      ]),
    );
  if (query.signed_up_days) q = q.where('created_at', '>=', daysAgo(now, query.signed_up_days));
  if (query.last_seen === 'never') q = q.where('last_seen_at', 'is', null);
  else if (query.last_seen === 'inactive_30d') q = q.where('last_seen_at', '<', daysAgo(now, 30));
  else if (query.last_seen) q = q.where('last_seen_at', '>=', daysAgo(now, { '1d': 1, '7d': 7, '30d': 30 }[query.last_seen]));
  return q;
}

type TAdminUserFilters = Omit<TAdminUserFilter, 'page' | 'page_size' | 'sort' | 'order'>;
type TAdminUserListQuery = TAdminUserFilters &
  Pick<TAdminUserFilter, 'page' | 'page_size'> &
  Partial<Pick<TAdminUserFilter, 'sort' | 'order'>>;

const SORT_COLUMNS = { created: 'created_at', last_seen: 'last_seen_at', email: 'email', name: 'full_name' } as const;

export async function listUsers(app: Deps<'config' | 'db'>, query: TAdminUserListQuery): Promise<TAdminUserList> {
  const now = new Date();
  const base = applyUserFilters(app.db.selectFrom('profiles'), query, now);
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const column = SORT_COLUMNS[query.sort ?? 'created'];
  const order = query.order ?? 'desc';
  // Never-seen accounts sort last either way, on both databases (they order NULLs differently).
  let ordered = base.selectAll();
  if (column === 'last_seen_at') ordered = ordered.orderBy(sql`case when last_seen_at is null then 1 else 0 end`);
  const rows = await ordered
    .orderBy(column, order)
    .orderBy('id')
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return {
    items: rows.map((r) => toAdminUser(r, isBillingEnabled(app.config), now)),
    total: Number(total.n),
    page: query.page,
    page_size: query.page_size,
    is_billing_enabled: isBillingEnabled(app.config),
  };
}

/** Changes a user's role in profiles (the one place roles live), audited, and tells their open pages. */
export async function changeUserRole(
  app: Deps<'config' | 'db' | 'events' | 'log' | 'sessionCache'>,
  actor: CurrentUser,
  userId: string,
  role: TRole,
): Promise<TAdminUser> {
  const target = await app.db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!target) throw notFound('User');
  if (target.role === 'admin' && role !== 'admin') {
    const admins = await app.db
      .selectFrom('profiles')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    if (Number(admins.n) <= 1) throw badRequest('You are the last admin: promote someone else before removing your admin role');
  }
  if (target.role !== role) {
    const now = nowIso();
    await app.db.updateTable('profiles').set({ role, updated_at: now }).where('id', '=', userId).execute();
    await writeAudit(app.db, {
      actorId: actor.id,
      action: 'user.role_changed',
      targetType: 'user',
      targetId: userId,
      details: { email: target.email, from: target.role, to: role },
    });
    app.log.info({ actorId: actor.id, userId, from: target.role, to: role }, 'admin changed a user role');
    await announceAuthChange(app, userId);
    await publishProfileChange(app, userId);
  }
  const updated = await app.db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return toAdminUser(updated, isBillingEnabled(app.config), new Date());
}

const toIsoOrNull = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** Sets a user's trial end and/or paid-until (null clears it), audits the change and tells their open pages. */
export async function changeUserSubscription(
  app: Deps<'config' | 'db' | 'events' | 'log'>,
  actor: CurrentUser,
  userId: string,
  input: TUpdateUserSubscription,
): Promise<TAdminUser> {
  const target = await app.db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!target) throw notFound('User');
  const patch: { trial_ends_at?: string | null; paid_until?: string | null } = {};
  if (input.trialEndsAt !== undefined) patch.trial_ends_at = toIsoOrNull(input.trialEndsAt);
  if (input.paidUntil !== undefined) patch.paid_until = toIsoOrNull(input.paidUntil);
  await app.db
    .updateTable('profiles')
    .set({ ...patch, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
  await writeAudit(app.db, {
    actorId: actor.id,
    action: 'user.subscription_changed',
    targetType: 'user',
    targetId: userId,
    details: {
      email: target.email,
      ...(patch.trial_ends_at !== undefined ? { trial_ends_at: { from: target.trial_ends_at, to: patch.trial_ends_at } } : {}),
      ...(patch.paid_until !== undefined ? { paid_until: { from: target.paid_until, to: patch.paid_until } } : {}),
    },
  });
  app.log.info({ actorId: actor.id, userId, ...patch }, 'admin changed a subscription');
  await publishProfileChange(app, userId);
  const updated = await app.db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return toAdminUser(updated, isBillingEnabled(app.config), new Date());
}
