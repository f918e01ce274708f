import { describe, expect, it } from 'vitest';
import { ZBilling, billingApi } from '@cartwise/contracts';
import type { App } from '../../app-types';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { buildSubscriptionEvent, signWebhookPayload } from '../../test/fake-stripe';
import { daysFromNow, deliverEvent, registerBillingTestApp, setPlanDates } from './billing-test-helpers';
import { callRoute } from '../../test/call-route';

const t = registerBillingTestApp();

async function readBilling(app: App, user: TestUser) {
  return ZBilling.parse((await callRoute(app, billingApi.status, { headers: asUser(user) })).json());
}

describe('webhook signatures', () => {
  it('accepts an event signed with the endpoint secret, without any cookie', async () => {
    const user = await createUser(t.app);
    const res = await deliverEvent(
      t.app,
      buildSubscriptionEvent({ type: 'customer.subscription.created', userId: user.id, status: 'active' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect((await readBilling(t.app, user)).status).toBe('paid');
  });

  it('is exempt from the CSRF origin check: a foreign origin with a stray cookie still reaches it', async () => {
    const user = await createUser(t.app);
    const event = buildSubscriptionEvent({ type: 'customer.subscription.created', userId: user.id, status: 'active' });
    const res = await deliverEvent(t.app, event, { headers: { origin: 'https://hooks.stripe.com', cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
  });

  it('answers 400 without a Stripe-Signature header and changes nothing', async () => {
    const user = await createUser(t.app);
    const res = await deliverEvent(
      t.app,
      buildSubscriptionEvent({ type: 'customer.subscription.created', userId: user.id, status: 'active' }),
      { signature: null },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Missing Stripe-Signature header');
    expect((await readBilling(t.app, user)).status).toBe('trial');
  });

  it('answers 400 for a wrong secret, a tampered body or an old timestamp', async () => {
    const user = await createUser(t.app);
    const event = buildSubscriptionEvent({ type: 'customer.subscription.created', userId: user.id, status: 'active' });
    const payload = JSON.stringify(event);
    const wrongSecret = signWebhookPayload(payload, 'whsec_someone_else');
    const forOtherBody = signWebhookPayload(JSON.stringify({ ...event, id: 'evt_other' }));
    const tooOld = signWebhookPayload(payload, undefined, Math.floor(Date.now() / 1000) - 3600);
    for (const signature of [wrongSecret, forOtherBody, tooOld, 'garbage']) {
      const res = await deliverEvent(t.app, event, { signature });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_signature', message: 'Invalid Stripe-Signature' });
    }
    expect((await readBilling(t.app, user)).status).toBe('trial');
  });

  it('handles a replayed event id once', async () => {
    const user = await createUser(t.app);
    const paid = buildSubscriptionEvent({
      type: 'customer.subscription.created',
      userId: user.id,
      status: 'active',
      id: `evt_replay_${user.id}`,
    });
    expect((await deliverEvent(t.app, paid)).json()).toEqual({ received: true, duplicate: false });
    // An operator ends the paid time; replaying the same event must not give it back.
    await setPlanDates(t.app, user.id, { trialEndsAt: daysFromNow(-1), paidUntil: daysFromNow(-1) });
    const again = await deliverEvent(t.app, paid);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect((await readBilling(t.app, user)).status).toBe('expired');
    const rows = await t.app.db.selectFrom('billing_events').selectAll().where('id', '=', paid.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('records an event of another type and answers 200', async () => {
    const res = await deliverEvent(t.app, {
      id: 'evt_other_type',
      object: 'event',
      type: 'charge.succeeded',
      created: 1_790_000_000,
      data: { object: { id: 'ch_1' } },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the state each subscription event leads to', () => {
  const periodEnd = daysFromNow(365);

  async function expired(): Promise<TestUser> {
    const user = await createUser(t.app);
    await setPlanDates(t.app, user.id, { trialEndsAt: daysFromNow(-2) });
    return user;
  }

  it.each(['active', 'trialing'])('%s: paid until the period end', async (status) => {
    const user = await expired();
    await deliverEvent(t.app, buildSubscriptionEvent({ type: 'customer.subscription.updated', userId: user.id, status, periodEnd }));
    const billing = await readBilling(t.app, user);
    expect(billing).toMatchObject({ status: 'paid', hasSubscription: true, isCancelling: false, isPaymentFailing: false });
    expect(billing.paidUntil).toBe(new Date(Math.floor(periodEnd.getTime() / 1000) * 1000).toISOString());
  });

  it('a cancellation at the period end keeps it paid until then', async () => {
    const user = await expired();
    await deliverEvent(
      t.app,
      buildSubscriptionEvent({
        type: 'customer.subscription.updated',
        userId: user.id,
        status: 'active',
        periodEnd,
        cancelAtPeriodEnd: true,
      }),
    );
    expect(await readBilling(t.app, user)).toMatchObject({ status: 'paid', isCancelling: true });
  });

  it('past_due: paid with a warning during the grace period', async () => {
    const user = await expired();
    await deliverEvent(
      t.app,
      buildSubscriptionEvent({ type: 'customer.subscription.updated', userId: user.id, status: 'past_due', periodEnd }),
    );
    const billing = await readBilling(t.app, user);
    expect(billing).toMatchObject({ status: 'paid', isPaymentFailing: true });
    const graceDays = (Date.parse(billing.paidUntil!) - Date.now()) / 86_400_000;
    expect(graceDays).toBeGreaterThan(13.9);
    expect(graceDays).toBeLessThanOrEqual(14);
  });

  it.each([
    ['customer.subscription.updated', 'canceled'],
    ['customer.subscription.updated', 'unpaid'],
    ['customer.subscription.deleted', 'canceled'],
  ] as const)('%s with %s: expired at once, even during the trial', async (type, status) => {
    const user = await createUser(t.app);
    await deliverEvent(
      t.app,
      buildSubscriptionEvent({
        type: 'customer.subscription.created',
        userId: user.id,
        status: 'active',
        periodEnd,
        created: daysFromNow(-0.01),
      }),
    );
    expect((await readBilling(t.app, user)).status).toBe('paid');
    await deliverEvent(t.app, buildSubscriptionEvent({ type, userId: user.id, status, periodEnd }));
    expect((await readBilling(t.app, user)).status).toBe('expired');
  });

  it('finds the account by its Stripe customer when the metadata is missing', async () => {
    const user = await expired();
    const customer = `cus_lookup_${user.id}`;
    await deliverEvent(
      t.app,
      buildSubscriptionEvent({
        type: 'customer.subscription.created',
        userId: user.id,
        status: 'active',
        customer,
        created: daysFromNow(-0.01),
      }),
    );
    await deliverEvent(
      t.app,
      buildSubscriptionEvent({ type: 'customer.subscription.deleted', userId: null, status: 'canceled', customer }),
    );
    expect((await readBilling(t.app, user)).status).toBe('expired');
  });

  it('ignores an older event delivered after a newer one', async () => {
    const user = await expired();
    await deliverEvent(t.app, buildSubscriptionEvent({ type: 'customer.subscription.deleted', userId: user.id, status: 'canceled' }));
    await deliverEvent(
      t.app,
      buildSubscriptionEvent({ type: 'customer.subscription.created', userId: user.id, status: 'active', created: daysFromNow(-0.1) }),
    );
    expect((await readBilling(t.app, user)).status).toBe('expired');
  });

  it('invoice.payment_failed: tells the shopper in the app and by email', async () => {
    const user = await createUser(t.app);
    const res = await deliverEvent(t.app, {
      id: `evt_failed_${user.id}`,
      object: 'event',
      type: 'invoice.payment_failed',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'in_1', customer: 'cus_x', parent: { subscription_details: { metadata: { userId: user.id } } } } },
    });
    expect(res.statusCode).toBe(200);
    const notes = await t.app.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('kind', '=', 'billing')
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Your payment did not go through', link: '/u/settings/billing' });
    const mail = await t.app.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', user.email)
      .where('subject', '=', 'Your payment did not go through')
      .execute();
    expect(mail).toHaveLength(1);
  });
});

describe('the account an event is about', () => {
  async function expired(): Promise<TestUser> {
    const user = await createUser(t.app);
    await setPlanDates(t.app, user.id, { trialEndsAt: daysFromNow(-2) });
    return user;
  }

  it("is the stored customer's: metadata naming another account is refused, and pays for nobody", async () => {
    const payer = await expired();
    const other = await expired();
    const customer = `cus_payer_${payer.id}`;
    await deliverEvent(
      t.app,
      buildSubscriptionEvent({ type: 'customer.subscription.created', userId: payer.id, status: 'active', customer }),
    );
    expect((await readBilling(t.app, payer)).status).toBe('paid');
    // The same customer's event claiming to be for another account.
    const res = await deliverEvent(
      t.app,
      buildSubscriptionEvent({ type: 'customer.subscription.updated', userId: other.id, status: 'active', customer }),
    );
    expect(res.statusCode).toBe(200);
    expect((await readBilling(t.app, other)).status).toBe('expired');
    // Nor does an account linked to one customer take another customer's events.
    await deliverEvent(
      t.app,
      buildSubscriptionEvent({ type: 'customer.subscription.deleted', userId: payer.id, status: 'canceled', customer: 'cus_someone_else' }),
    );
    expect((await readBilling(t.app, payer)).status).toBe('paid');
  });

  it('holds one customer id per account', async () => {
    const first = await createUser(t.app);
    const second = await createUser(t.app);
    await t.app.db.updateTable('profiles').set({ stripe_customer_id: 'cus_shared' }).where('id', '=', first.id).execute();
    await expect(
      t.app.db.updateTable('profiles').set({ stripe_customer_id: 'cus_shared' }).where('id', '=', second.id).execute(),
    ).rejects.toThrow();
  });
});
