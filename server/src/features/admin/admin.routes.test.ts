import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ZAdminStats,
  ZAdminUserList,
  ZNotificationList,
  type RouteContract,
  type TRealtimeEvent,
  adminApi,
  adminManageApi,
  notificationsApi,
} from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { fakeStripeConfig } from '../../test/fake-stripe';
import { callRoute, callRouteWithBadInput } from '../../test/call-route';

// Billing on (no Stripe call is made here): the trial, paid and expired states only exist with billing.
const t = registerTestApp({ stripe: fakeStripeConfig('http://127.0.0.1:9') });
let admin: TestUser;
let shopper: TestUser;

const PAST = '2025-01-01T00:00:00.000Z';
const FUTURE = new Date(Date.now() + 200 * 24 * 60 * 60 * 1000).toISOString();
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  admin = await createAdmin(t.app);
  shopper = await createUser(t.app);
});

const NO_ID = '00000000-0000-4000-8000-000000000000';
type Headers = { cookie?: string };
type Sent = Promise<{ statusCode: number; error(): { message: string } }>;

/** One operator route and how to call it with the given headers; the name is the contract's method and path. */
function adminCall(route: RouteContract, send: (headers: Headers) => Sent) {
  return { name: `${route.method} ${route.path}`, send };
}

const ADMIN_ROUTES = [
  adminCall(adminApi.stats, (headers) => callRoute(t.app, adminApi.stats, { headers })),
  adminCall(adminApi.users, (headers) => callRoute(t.app, adminApi.users, { headers })),
  adminCall(adminApi.changeRole, (headers) =>
    callRoute(t.app, adminApi.changeRole, { params: { id: NO_ID }, body: { role: 'admin' }, headers }),
  ),
  adminCall(adminApi.notificationLog, (headers) => callRoute(t.app, adminApi.notificationLog, { headers })),
  adminCall(adminApi.sendNotification, (headers) =>
    callRoute(t.app, adminApi.sendNotification, { body: { subject: 's', body: 'b', audience: 'all' }, headers }),
  ),
  adminCall(adminApi.database, (headers) => callRoute(t.app, adminApi.database, { headers })),
  adminCall(adminManageApi.waitlist, (headers) => callRoute(t.app, adminManageApi.waitlist, { headers })),
  adminCall(adminManageApi.addToWaitlist, (headers) =>
    callRoute(t.app, adminManageApi.addToWaitlist, { body: { email: 'w@example.test' }, headers }),
  ),
  adminCall(adminManageApi.inviteFromWaitlist, (headers) =>
    callRoute(t.app, adminManageApi.inviteFromWaitlist, { params: { id: NO_ID }, headers }),
  ),
  adminCall(adminManageApi.invites, (headers) => callRoute(t.app, adminManageApi.invites, { headers })),
  adminCall(adminManageApi.createInvite, (headers) =>
    callRoute(t.app, adminManageApi.createInvite, { body: { email: 'i@example.test' }, headers }),
  ),
  adminCall(adminManageApi.revokeInvite, (headers) => callRoute(t.app, adminManageApi.revokeInvite, { params: { id: NO_ID }, headers })),
  adminCall(adminManageApi.settings, (headers) => callRoute(t.app, adminManageApi.settings, { headers })),
  adminCall(adminManageApi.updateSetting, (headers) =>
    callRoute(t.app, adminManageApi.updateSetting, { params: { key: 'stale_price_days' }, body: { value: '14' }, headers }),
  ),
  adminCall(adminManageApi.features, (headers) => callRoute(t.app, adminManageApi.features, { headers })),
  adminCall(adminManageApi.updateFeature, (headers) =>
    callRoute(t.app, adminManageApi.updateFeature, { params: { key: 'split_cart' }, body: { is_enabled: false }, headers }),
  ),
  adminCall(adminManageApi.stores, (headers) => callRoute(t.app, adminManageApi.stores, { headers })),
  adminCall(adminManageApi.analytics, (headers) => callRoute(t.app, adminManageApi.analytics, { headers })),
  adminCall(adminManageApi.auditLog, (headers) => callRoute(t.app, adminManageApi.auditLog, { headers })),
  adminCall(adminManageApi.outbox, (headers) => callRoute(t.app, adminManageApi.outbox, { headers })),
  adminCall(adminManageApi.sqlAudit, (headers) => callRoute(t.app, adminManageApi.sqlAudit, { headers })),
];

describe('admin access', () => {
  it.each(ADMIN_ROUTES)('$name answers 401 anonymous and 403 to a shopper', async ({ send }) => {
    const anonymous = await send({});
    expect(anonymous.statusCode).toBe(401);
    const asShopper = await send(asUser(shopper));
    expect(asShopper.statusCode).toBe(403);
    expect(asShopper.error().message).toBe('Admins only');
  });

  it('answers 401 even when an anonymous body is malformed', async () => {
    const res = await callRouteWithBadInput(t.app, adminApi.sendNotification, { body: { subject: 42 } });
    expect(res.statusCode).toBe(401);
  });
});

describe('admin stats', () => {
  let paid: TestUser;
  let expired: TestUser;

  beforeAll(async () => {
    paid = await createUser(t.app);
    expired = await createUser(t.app);
    const expiredStatus = await createUser(t.app);
    const free = await createUser(t.app);
    await t.app.db
      .updateTable('profiles')
      .set({ subscription_status: 'active', trial_ends_at: PAST, paid_until: FUTURE, stripe_subscription_id: 'sub_paid' })
      .where('id', '=', paid.id)
      .execute();
    await t.app.db.updateTable('profiles').set({ trial_ends_at: PAST }).where('id', '=', expired.id).execute();
    await t.app.db
      .updateTable('profiles')
      .set({ subscription_status: 'expired', trial_ends_at: PAST })
      .where('id', '=', expiredStatus.id)
      .execute();
    // Comped by an operator: paid access, no subscription, no revenue.
    await t.app.db.updateTable('profiles').set({ trial_ends_at: PAST, paid_until: FUTURE }).where('id', '=', free.id).execute();
    // The comped user was last seen (signed in, or a session refreshed) 10 days ago, so they are not active this week.
    const old = new Date(Date.now() - 10 * DAY).toISOString();
    await t.app.db.updateTable('profiles').set({ last_seen_at: old }).where('id', '=', free.id).execute();
  });

  it('counts users by trial state, active users by when they were last seen and annual revenue', async () => {
    const res = await callRoute(t.app, adminApi.stats, { query: { fresh: '1' }, headers: asUser(admin) });
    expect(res.statusCode).toBe(200);
    const stats = ZAdminStats.parse(res.json());
    // admin + shopper are on their signup trial; 1 subscriber and 1 comped are paid; 2 expired trials.
    expect(stats.users).toEqual({ total_users: 6, active_users_this_week: 5, trial_users: 2, paid_users: 2, expired_trials: 2 });
    expect(stats.subscriptions).toEqual({
      active_subscribers: 1,
      active_trials: 2,
      expired_trials: 2,
      total_revenue_annual: 49.99,
      total_users: 6,
    });
  });

  it('serves cached numbers for 2 minutes unless fresh=1 is asked', async () => {
    const first = ZAdminStats.parse((await callRoute(t.app, adminApi.stats, { query: { fresh: '1' }, headers: asUser(admin) })).json());
    const subscribe = { subscription_status: 'active', paid_until: FUTURE, stripe_subscription_id: 'sub_2' };
    await t.app.db.updateTable('profiles').set(subscribe).where('id', '=', expired.id).execute();
    const cached = ZAdminStats.parse((await callRoute(t.app, adminApi.stats, { headers: asUser(admin) })).json());
    expect(cached).toEqual(first);
    const fresh = ZAdminStats.parse((await callRoute(t.app, adminApi.stats, { query: { fresh: '1' }, headers: asUser(admin) })).json());
    expect(fresh.subscriptions.active_subscribers).toBe(2);
    expect(fresh.subscriptions.total_revenue_annual).toBe(99.98);
    // The refresh answered before its cache row was written: the next read here waits for that write.
    expect(ZAdminStats.parse((await callRoute(t.app, adminApi.stats, { headers: asUser(admin) })).json())).toEqual(fresh);
    await t.app.db
      .updateTable('profiles')
      .set({ subscription_status: 'trial', paid_until: null, stripe_subscription_id: null })
      .where('id', '=', expired.id)
      .execute();
  });

  it('rejects an unknown fresh value with 400', async () => {
    const res = await callRouteWithBadInput(t.app, adminApi.stats, { query: { fresh: 'yes' }, headers: asUser(admin) });
    expect(res.statusCode).toBe(400);
  });

  describe('sending notifications', () => {
    it('delivers to the paid audience only (subscribers and comped), logs the send and emails opted-in recipients', async () => {
      const events: TRealtimeEvent[] = [];
      const stop = t.app.events.subscribe(paid.id, (e) => events.push(e));
      const stopShopper = t.app.events.subscribe(shopper.id, (e) => events.push(e));
      const res = await callRoute(t.app, adminApi.sendNotification, {
        headers: asUser(admin),
        body: { subject: '  Price drop  ', body: 'Milk is cheaper this week', audience: 'paid' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ recipient_count: 2, message: 'Notification recorded' });
      // On PostgreSQL the event travels through NOTIFY and arrives after the response.
      await vi.waitFor(() => expect(events).toHaveLength(1), { timeout: 2000 });

      const log = await t.app.db.selectFrom('notification_log').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
      expect(log).toMatchObject({
        notification_type: 'manual',
        subject: 'Price drop',
        audience: 'paid',
        requested_by: admin.id,
        recipient_count: 2,
      });

      const paidList = ZNotificationList.parse((await callRoute(t.app, notificationsApi.list, { headers: asUser(paid) })).json());
      expect(paidList.items[0]).toMatchObject({ title: 'Price drop', body: 'Milk is cheaper this week', read_at: null });
      expect(paidList.unread).toBe(1);
      const shopperList = ZNotificationList.parse((await callRoute(t.app, notificationsApi.list, { headers: asUser(shopper) })).json());
      expect(shopperList.items).toHaveLength(0);

      stop();
      stopShopper();
      expect(events).toEqual([{ type: 'notification', id: paidList.items[0]!.id }]);
      const mail = await t.app.db
        .selectFrom('outbox_messages')
        .selectAll()
        .where('recipient', '=', paid.email)
        .where('subject', '=', 'Price drop')
        .execute();
      expect(mail).toHaveLength(1);
      expect(mail[0]!.body).toMatch(/Unsubscribe: http:\/\/localhost:3000\/api\/unsubscribe\?token=[0-9a-f]+&list=product/);
    });

    it('delivers to everyone by default but emails only users with product updates on', async () => {
      await t.app.db.updateTable('notification_preferences').set({ product: 0 }).where('user_id', '=', shopper.id).execute();
      const res = await callRoute(t.app, adminApi.sendNotification, {
        headers: asUser(admin),
        body: { subject: 'Hello all', body: 'News' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().recipient_count).toBe(6);
      const log = await t.app.db.selectFrom('notification_log').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
      expect(log.audience).toBe('all');
      const mails = await t.app.db.selectFrom('outbox_messages').select('recipient').where('subject', '=', 'Hello all').execute();
      expect(mails).toHaveLength(5);
      expect(mails.map((m) => m.recipient)).not.toContain(shopper.email);
    });

    it('emails an announcement only to confirmed addresses; an unverified one gets the in-app copy', async () => {
      const unverified = await createUser(t.app, { isEmailVerified: false });
      const res = await callRoute(t.app, adminApi.sendNotification, {
        headers: asUser(admin),
        body: { subject: 'Verified only', body: 'News' },
      });
      expect(res.statusCode).toBe(200);
      const inApp = await t.app.db
        .selectFrom('notifications')
        .select('user_id')
        .where('title', '=', 'Verified only')
        .where('user_id', '=', unverified.id)
        .execute();
      expect(inApp).toHaveLength(1);
      const mails = await t.app.db.selectFrom('outbox_messages').select('recipient').where('subject', '=', 'Verified only').execute();
      expect(mails.map((m) => m.recipient)).toContain(admin.email);
      expect(mails.map((m) => m.recipient)).not.toContain(unverified.email);
      // Later tests count the users: this one leaves again.
      await t.app.db.deleteFrom('profiles').where('id', '=', unverified.id).execute();
      await t.app.db.deleteFrom('session').where('userId', '=', unverified.id).execute();
      await t.app.db
        .deleteFrom('account' as 'session')
        .where('userId', '=', unverified.id)
        .execute();
      await t.app.db.deleteFrom('user').where('id', '=', unverified.id).execute();
    });

    it('sends to the trial audience only those with a running trial', async () => {
      const res = await callRoute(t.app, adminApi.sendNotification, {
        headers: asUser(admin),
        body: { subject: 'Trial tip', body: 'Try lists', audience: 'trial' },
      });
      expect(res.json().recipient_count).toBe(2);
      const rows = await t.app.db.selectFrom('notifications').select('user_id').where('title', '=', 'Trial tip').execute();
      expect(rows.map((r) => r.user_id).sort()).toEqual([admin.id, shopper.id].sort());
    });

    it('sends to the expired audience those whose trial ended without payment', async () => {
      const res = await callRoute(t.app, adminApi.sendNotification, {
        headers: asUser(admin),
        body: { subject: 'Come back', body: 'Subscribe', audience: 'expired' },
      });
      expect(res.json().recipient_count).toBe(2);
      const rows = await t.app.db.selectFrom('notifications').select('user_id').where('title', '=', 'Come back').execute();
      expect(rows.map((r) => r.user_id)).toContain(expired.id);
      expect(rows.map((r) => r.user_id)).not.toContain(paid.id);
    });

    it.each([{ subject: '   ', body: 'text' }, { subject: 'Subject', body: ' \n ' }, { subject: 'Subject' }, {}])(
      'rejects blank fields %j with 400 Subject and body are required',
      async (payload) => {
        const before = await t.app.db
          .selectFrom('notification_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        const res = await callRoute(t.app, adminApi.sendNotification, { headers: asUser(admin), body: payload });
        expect(res.statusCode).toBe(400);
        expect(res.error().message).toBe('Subject and body are required');
        const after = await t.app.db
          .selectFrom('notification_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(after.n)).toBe(Number(before.n));
      },
    );

    it('rejects an unknown audience with 400', async () => {
      const res = await callRouteWithBadInput(t.app, adminApi.sendNotification, {
        headers: asUser(admin),
        body: { subject: 'a', body: 'b', audience: 'vip' },
      });
      expect(res.statusCode).toBe(400);
    });

    it('lists recent sends with who requested them', async () => {
      const res = await callRoute(t.app, adminApi.notificationLog, { headers: asUser(admin) });
      expect(res.statusCode).toBe(200);
      expect(res.json().items[0]).toMatchObject({ subject: 'Come back', requested_by_email: admin.email.toLowerCase() });
    });
  });
});

describe('admin users', () => {
  it('searches by email or name case-insensitively and pages the results', async () => {
    await createUser(t.app, { email: 'Zed.Search@example.test', name: 'Zed Searchable' });
    const byEmail = ZAdminUserList.parse(
      (await callRoute(t.app, adminApi.users, { query: { q: 'ZED.search' }, headers: asUser(admin) })).json(),
    );
    expect(byEmail.items.map((u) => u.email)).toEqual(['zed.search@example.test']);
    expect(byEmail.items[0]).toMatchObject({ role: 'user', trial_state: 'trial', full_name: 'Zed Searchable' });
    const byName = ZAdminUserList.parse(
      (await callRoute(t.app, adminApi.users, { query: { q: 'searchable' }, headers: asUser(admin) })).json(),
    );
    expect(byName.total).toBe(1);
    const wildcard = ZAdminUserList.parse((await callRoute(t.app, adminApi.users, { query: { q: '%' }, headers: asUser(admin) })).json());
    expect(wildcard.total).toBe(0);

    const all = ZAdminUserList.parse(
      (await callRoute(t.app, adminApi.users, { query: { page_size: '100' }, headers: asUser(admin) })).json(),
    );
    const page2 = ZAdminUserList.parse(
      (await callRoute(t.app, adminApi.users, { query: { page: '2', page_size: '3' }, headers: asUser(admin) })).json(),
    );
    expect(page2.total).toBe(all.total);
    expect(page2.items.map((u) => u.id)).toEqual(all.items.slice(3, 6).map((u) => u.id));
  });

  it('rejects a bad page size with 400', async () => {
    const res = await callRoute(t.app, adminApi.users, { query: { page_size: '1000' }, headers: asUser(admin) });
    expect(res.statusCode).toBe(400);
  });

  it('promotes a user in profiles and better-auth, audits it and pushes the profile to their pages', async () => {
    const target = await createUser(t.app);
    const events: TRealtimeEvent[] = [];
    const stop = t.app.events.subscribe(target.id, (e) => events.push(e));
    const res = await callRoute(t.app, adminApi.changeRole, { params: { id: target.id }, headers: asUser(admin), body: { role: 'admin' } });
    expect(res.statusCode).toBe(200);
    // On PostgreSQL the event travels through NOTIFY and arrives after the response.
    await vi.waitFor(() => expect(events).toHaveLength(1), { timeout: 2000 });
    stop();
    expect(res.json().role).toBe('admin');
    const audit = await t.app.db.selectFrom('audit_log').selectAll().where('target_id', '=', target.id).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: admin.id, action: 'user.role_changed' });
    expect(events).toEqual([
      expect.objectContaining({ type: 'profile', profile: expect.objectContaining({ id: target.id, role: 'admin' }) }),
    ]);
    const asNewAdmin = await callRoute(t.app, adminApi.stats, { headers: asUser(target) });
    expect(asNewAdmin.statusCode).toBe(200);

    const demote = await callRoute(t.app, adminApi.changeRole, {
      params: { id: target.id },
      headers: asUser(admin),
      body: { role: 'user' },
    });
    expect(demote.json().role).toBe('user');
    expect((await callRoute(t.app, adminApi.stats, { headers: asUser(target) })).statusCode).toBe(403);
  });

  it('refuses to let the last admin demote themself', async () => {
    const res = await callRoute(t.app, adminApi.changeRole, { params: { id: admin.id }, headers: asUser(admin), body: { role: 'user' } });
    expect(res.statusCode).toBe(400);
    expect(res.error().message).toMatch(/last admin/);
    const profile = await t.app.db.selectFrom('profiles').select('role').where('id', '=', admin.id).executeTakeFirstOrThrow();
    expect(profile.role).toBe('admin');
  });

  it('answers 404 for an unknown user and 400 for an unknown role', async () => {
    const missing = await callRoute(t.app, adminApi.changeRole, { params: { id: NO_ID }, body: { role: 'user' }, headers: asUser(admin) });
    expect(missing.statusCode).toBe(404);
    const badRole = await callRouteWithBadInput(t.app, adminApi.changeRole, {
      params: { id: shopper.id },
      headers: asUser(admin),
      body: { role: 'owner' },
    });
    expect(badRole.statusCode).toBe(400);
  });
});
