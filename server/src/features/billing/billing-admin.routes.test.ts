import { beforeAll, describe, expect, it } from 'vitest';
import { ZAdminStats, ZAdminUser, ZAdminUserList, ZBilling, adminApi, billingApi } from '@cartwise/contracts';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { buildSubscriptionEvent } from '../../test/fake-stripe';
import { daysFromNow, deliverEvent, registerBillingTestApp } from './billing-test-helpers';
import { callRoute } from '../../test/call-route';

const t = registerBillingTestApp();
let admin: TestUser;

beforeAll(async () => {
  admin = await createAdmin(t.app);
});

const patchSubscription = (userId: string, payload: object, as: TestUser = admin) =>
  callRoute(t.app, adminApi.changeSubscription, { params: { id: userId }, headers: asUser(as), body: payload });

describe('PATCH /api/admin/users/:id/subscription', () => {
  it('extends a trial, grants paid time and ends a trial, each recorded in the audit log', async () => {
    const user = await createUser(t.app);
    const longer = daysFromNow(400).toISOString();
    const extended = await patchSubscription(user.id, { trialEndsAt: longer });
    expect(extended.statusCode).toBe(200);
    expect(ZAdminUser.parse(extended.json())).toMatchObject({
      trial_state: 'trial',
      trial_ends_at: longer,
      paid_until: null,
      has_subscription: false,
    });

    const comped = ZAdminUser.parse((await patchSubscription(user.id, { paidUntil: daysFromNow(30).toISOString() })).json());
    expect(comped.trial_state).toBe('paid');

    const ended = ZAdminUser.parse(
      (await patchSubscription(user.id, { trialEndsAt: daysFromNow(-1).toISOString(), paidUntil: null })).json(),
    );
    expect(ended).toMatchObject({ trial_state: 'expired_trial', paid_until: null });
    const billing = ZBilling.parse((await callRoute(t.app, billingApi.status, { headers: asUser(user) })).json());
    expect(billing.status).toBe('expired');

    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', user.id)
      .where('action', '=', 'user.subscription_changed')
      .execute();
    expect(audit).toHaveLength(3);
    expect(audit.every((a) => a.actor_id === admin.id)).toBe(true);
    expect(JSON.parse(audit[0]!.details)).toMatchObject({ trial_ends_at: { to: longer } });
  });

  it('rejects a bad date or an empty body with 400, an unknown user with 404 and a shopper with 403', async () => {
    const user = await createUser(t.app);
    expect((await patchSubscription(user.id, { trialEndsAt: 'next week' })).statusCode).toBe(400);
    expect((await patchSubscription(user.id, {})).statusCode).toBe(400);
    expect((await patchSubscription('00000000-0000-4000-8000-000000000000', { paidUntil: null })).statusCode).toBe(404);
    expect((await patchSubscription(user.id, { paidUntil: daysFromNow(30).toISOString() }, user)).statusCode).toBe(403);
    expect((await callRoute(t.app, adminApi.changeSubscription, { params: { id: user.id }, body: { paidUntil: null } })).statusCode).toBe(
      401,
    );
  });
});

describe('dashboard figures for a mix of accounts', () => {
  it('counts trial, paid, comped, cancelling, cancelled and expired accounts and revenue from real subscriptions', async () => {
    const before = ZAdminStats.parse((await callRoute(t.app, adminApi.stats, { query: { fresh: '1' }, headers: asUser(admin) })).json());
    const [trial, paid, comped, cancelling, cancelled, expired, pastDue] = await Promise.all(
      Array.from({ length: 7 }, () => createUser(t.app)),
    );
    const subscribe = (user: TestUser, status: string, extra: object = {}) =>
      deliverEvent(
        t.app,
        buildSubscriptionEvent({
          type: 'customer.subscription.created',
          userId: user.id,
          status,
          customer: `cus_${user.id}`,
          subscription: `sub_${user.id}`,
          created: daysFromNow(-0.01),
          ...extra,
        }),
      );
    await subscribe(paid!, 'active');
    await subscribe(cancelling!, 'active', { cancelAtPeriodEnd: true });
    await subscribe(pastDue!, 'past_due');
    await subscribe(cancelled!, 'active');
    await deliverEvent(
      t.app,
      buildSubscriptionEvent({
        type: 'customer.subscription.deleted',
        userId: cancelled!.id,
        status: 'canceled',
        customer: `cus_${cancelled!.id}`,
        subscription: `sub_${cancelled!.id}`,
      }),
    );
    await patchSubscription(comped!.id, { trialEndsAt: daysFromNow(-5).toISOString(), paidUntil: daysFromNow(90).toISOString() });
    await patchSubscription(expired!.id, { trialEndsAt: daysFromNow(-5).toISOString() });
    expect(trial).toBeDefined();

    const after = ZAdminStats.parse((await callRoute(t.app, adminApi.stats, { query: { fresh: '1' }, headers: asUser(admin) })).json());
    const delta = (a: number, b: number) => a - b;
    // New: 1 trial; paid = paid + cancelling + past_due + comped; expired = cancelled + expired.
    expect(delta(after.users.trial_users, before.users.trial_users)).toBe(1);
    expect(delta(after.users.paid_users, before.users.paid_users)).toBe(4);
    expect(delta(after.users.expired_trials, before.users.expired_trials)).toBe(2);
    expect(delta(after.subscriptions.active_subscribers, before.subscriptions.active_subscribers)).toBe(3);
    expect(after.subscriptions.total_revenue_annual).toBe(Math.round(after.subscriptions.active_subscribers * 4999) / 100);
    expect(delta(after.subscriptions.total_revenue_annual * 100, before.subscriptions.total_revenue_annual * 100)).toBeCloseTo(3 * 4999, 5);

    const users = ZAdminUserList.parse(
      (await callRoute(t.app, adminApi.users, { query: { page_size: '100' }, headers: asUser(admin) })).json(),
    );
    const byId = new Map(users.items.map((u) => [u.id, u]));
    expect(byId.get(paid!.id)).toMatchObject({ trial_state: 'paid', has_subscription: true, subscription_status: 'active' });
    expect(byId.get(comped!.id)).toMatchObject({ trial_state: 'paid', has_subscription: false });
    expect(byId.get(cancelled!.id)).toMatchObject({ trial_state: 'expired_trial', subscription_status: 'cancelled' });
    expect(byId.get(expired!.id)?.trial_state).toBe('expired_trial');
    expect(byId.get(paid!.id)?.paid_until).not.toBeNull();
  });
});
