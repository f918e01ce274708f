import { describe, expect, it } from 'vitest';
import { ZBilling } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser } from '../../test/factories';
import { buildSubscriptionEvent, FAKE_STRIPE_PRICE_ID } from '../../test/fake-stripe';
import { daysFromNow, deliverEvent, registerBillingTestApp, setPlanDates } from './billing-test-helpers';

describe('billing with Stripe configured', () => {
  const t = registerBillingTestApp();

  it('shows a new account on a 6-month trial with the days left', async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/billing', headers: asUser(user) });
    expect(res.statusCode).toBe(200);
    const billing = ZBilling.parse(res.json());
    expect(billing).toMatchObject({ isBillingEnabled: true, status: 'trial', paidUntil: null, hasSubscription: false, annualPrice: 49.99 });
    const months = (Date.parse(billing.trialEndsAt!) - Date.now()) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(5.9);
    expect(months).toBeLessThan(6.1);
    expect(billing.trialDaysLeft).toBeGreaterThanOrEqual(181);
    expect(billing.trialDaysLeft).toBeLessThanOrEqual(185);
  });

  it('welcomes a new account to its trial and tells every page that billing is on', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { email: 'billing-welcome@example.test', password: 'correct-horse-battery' },
    });
    expect(signup.statusCode).toBe(200);
    expect(signup.json().message).toBe('Welcome! Your 6-month free trial has started.');
    const config = await t.app.inject({ method: 'GET', url: '/api/app-config' });
    expect(config.json().billing).toEqual({ isEnabled: true });
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/billing' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/checkout' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/portal' })).statusCode).toBe(401);
  });

  it('opens a subscription-mode Checkout for the yearly price tagged with the user id', async () => {
    const user = await createUser(t.app);
    const before = t.stripe.requests.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: asUser(user) });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${t.stripe.url}/checkout/cs_test_`));
    const sent = t.stripe.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: 'Bearer sk_test_cartwise_fake' });
    expect(sent[0]!.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': FAKE_STRIPE_PRICE_ID,
      'line_items[0][quantity]': '1',
      client_reference_id: user.id,
      'subscription_data[metadata][userId]': user.id,
      customer_email: user.email,
      success_url: 'http://localhost:3000/u/settings/billing?checkout=success',
      cancel_url: 'http://localhost:3000/u/settings/billing?checkout=cancelled',
    });
  });

  it('starts a subscription taken during the trial with the trial left, so the first charge waits for its end', async () => {
    const user = await createUser(t.app);
    const trialEnd = daysFromNow(40);
    await setPlanDates(t.app, user.id, { trialEndsAt: trialEnd });
    const before = t.stripe.requests.length;
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: asUser(user) })).statusCode).toBe(200);
    expect(t.stripe.requests[before]!.form['subscription_data[trial_end]']).toBe(String(Math.ceil(trialEnd.getTime() / 1000)));

    // A trial ending within Stripe's 48-hour minimum runs to that minimum instead of being charged at once.
    await setPlanDates(t.app, user.id, { trialEndsAt: daysFromNow(1) });
    const soon = t.stripe.requests.length;
    await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: asUser(user) });
    const end = Number(t.stripe.requests[soon]!.form['subscription_data[trial_end]']) * 1000;
    expect(end - Date.now()).toBeGreaterThan(48 * 3_600_000);
  });

  it('lets an expired account subscribe, and reuses its Stripe customer once it has one', async () => {
    const user = await createUser(t.app);
    await setPlanDates(t.app, user.id, { trialEndsAt: daysFromNow(-3) });
    await deliverEvent(
      t.app,
      buildSubscriptionEvent({ type: 'customer.subscription.deleted', userId: user.id, status: 'canceled', customer: 'cus_reuse' }),
    );
    const before = t.stripe.requests.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: asUser(user) });
    expect(res.statusCode).toBe(200);
    expect(t.stripe.requests[before]!.form).toMatchObject({ customer: 'cus_reuse' });
    expect(t.stripe.requests[before]!.form.customer_email).toBeUndefined();
    expect(t.stripe.requests[before]!.form['subscription_data[trial_end]']).toBeUndefined();
  });

  it('refuses a second Checkout while a subscription runs (409) and opens the portal instead', async () => {
    const user = await createUser(t.app);
    await deliverEvent(
      t.app,
      buildSubscriptionEvent({
        type: 'customer.subscription.created',
        userId: user.id,
        status: 'active',
        customer: 'cus_portal',
        subscription: 'sub_portal',
      }),
    );
    const checkout = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: asUser(user) });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().message).toMatch(/Manage billing/);

    const before = t.stripe.requests.length;
    const portal = await t.app.inject({ method: 'POST', url: '/api/billing/portal', headers: asUser(user) });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(new RegExp(`^${t.stripe.url}/portal/bps_`));
    expect(t.stripe.requests[before]).toMatchObject({
      path: '/v1/billing_portal/sessions',
      form: { customer: 'cus_portal', return_url: 'http://localhost:3000/u/settings/billing' },
    });
  });

  it('answers 409 for the portal before any subscription', async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/portal', headers: asUser(user) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You have no subscription yet: choose Subscribe first.');
  });

  it('answers 502 with a clear message when Stripe fails, never a 500', async () => {
    const user = await createUser(t.app);
    t.stripe.failNext(500, 2);
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: asUser(user) });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: 'payment_provider_error',
      message: 'The payment provider did not answer. Please try again later.',
    });
  });
});

describe('billing without Stripe configured', () => {
  const t = registerTestApp();

  it('calls every account free and refuses checkout and portal with the reason', async () => {
    const user = await createUser(t.app);
    const billing = ZBilling.parse((await t.app.inject({ method: 'GET', url: '/api/billing', headers: asUser(user) })).json());
    expect(billing).toMatchObject({ isBillingEnabled: false, status: 'free', trialDaysLeft: null });
    for (const url of ['/api/billing/checkout', '/api/billing/portal']) {
      const res = await t.app.inject({ method: 'POST', url, headers: asUser(user) });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Billing is not set up on this server: every feature is free.');
    }
  });

  it('has no webhook to call (404)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});
