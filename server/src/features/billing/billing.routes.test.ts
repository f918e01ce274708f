import { describe, expect, it } from 'vitest';
import { accountApi, appConfigApi, billingApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { createUser } from '../../test/factories';
import { actAs, callRoute, callRouteWithBadInput } from '../../test/call-route';
import { buildSubscriptionEvent, FAKE_STRIPE_PRICE_ID } from '../../test/fake-stripe';
import { daysFromNow, deliverEvent, registerBillingTestApp, setPlanDates } from './billing-test-helpers';

describe('billing with Stripe configured', () => {
  const t = registerBillingTestApp();

  it('shows a new account on a 6-month trial with the days left', async () => {
    const user = await createUser(t.app);
    const res = await actAs(t.app, user).call(billingApi.status);
    expect(res.statusCode).toBe(200);
    const billing = res.json();
    expect(billing).toMatchObject({ isBillingEnabled: true, status: 'trial', paidUntil: null, hasSubscription: false, annualPrice: 49.99 });
    const months = (Date.parse(billing.trialEndsAt!) - Date.now()) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(5.9);
    expect(months).toBeLessThan(6.1);
    expect(billing.trialDaysLeft).toBeGreaterThanOrEqual(181);
    expect(billing.trialDaysLeft).toBeLessThanOrEqual(185);
  });

  it('welcomes a new account to its trial and tells every page that billing is on', async () => {
    const signup = await callRoute(t.app, accountApi.signup, {
      body: { email: 'billing-welcome@example.test', password: 'correct-horse-battery' },
    });
    expect(signup.statusCode).toBe(200);
    expect(signup.json().message).toBe('Welcome! Your 6-month free trial has started.');
    const config = await callRoute(t.app, appConfigApi.get);
    expect(config.json().billing).toEqual({ isEnabled: true });
  });

  it('answers 401 without a session', async () => {
    expect((await callRoute(t.app, billingApi.status)).statusCode).toBe(401);
    expect((await callRoute(t.app, billingApi.checkout)).statusCode).toBe(401);
    expect((await callRoute(t.app, billingApi.portal)).statusCode).toBe(401);
  });

  it('opens a subscription-mode Checkout for the yearly price tagged with the user id', async () => {
    const user = await createUser(t.app);
    const before = t.stripe.requests.length;
    const res = await actAs(t.app, user).call(billingApi.checkout);
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
    expect((await actAs(t.app, user).call(billingApi.checkout)).statusCode).toBe(200);
    expect(t.stripe.requests[before]!.form['subscription_data[trial_end]']).toBe(String(Math.ceil(trialEnd.getTime() / 1000)));

    // A trial ending within Stripe's 48-hour minimum runs to that minimum instead of being charged at once.
    await setPlanDates(t.app, user.id, { trialEndsAt: daysFromNow(1) });
    const soon = t.stripe.requests.length;
    await actAs(t.app, user).call(billingApi.checkout);
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
    const res = await actAs(t.app, user).call(billingApi.checkout);
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
    const checkout = await actAs(t.app, user).call(billingApi.checkout);
    expect(checkout.statusCode).toBe(409);
    expect(checkout.error().message).toMatch(/Manage billing/);

    const before = t.stripe.requests.length;
    const portal = await actAs(t.app, user).call(billingApi.portal);
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(new RegExp(`^${t.stripe.url}/portal/bps_`));
    expect(t.stripe.requests[before]).toMatchObject({
      path: '/v1/billing_portal/sessions',
      form: { customer: 'cus_portal', return_url: 'http://localhost:3000/u/settings/billing' },
    });
  });

  it('answers 409 for the portal before any subscription', async () => {
    const user = await createUser(t.app);
    const res = await actAs(t.app, user).call(billingApi.portal);
    expect(res.statusCode).toBe(409);
    expect(res.error().message).toBe('You have no subscription yet: choose Subscribe first.');
  });

  it('answers 502 with a clear message when Stripe fails, never a 500', async () => {
    const user = await createUser(t.app);
    t.stripe.failNext(500, 2);
    const res = await actAs(t.app, user).call(billingApi.checkout);
    expect(res.statusCode).toBe(502);
    expect(res.error()).toEqual({
      error: 'payment_provider_error',
      message: 'The payment provider did not answer. Please try again later.',
    });
  });
});

describe('billing without Stripe configured', () => {
  const t = registerTestApp();

  it('calls every account free and refuses checkout and portal with the reason', async () => {
    const user = await createUser(t.app);
    const billing = (await actAs(t.app, user).call(billingApi.status)).json();
    expect(billing).toMatchObject({ isBillingEnabled: false, status: 'free', trialDaysLeft: null });
    for (const route of [billingApi.checkout, billingApi.portal]) {
      const res = await actAs(t.app, user).call(route);
      expect(res.statusCode).toBe(409);
      expect(res.error().message).toBe('Billing is not set up on this server: every feature is free.');
    }
  });

  it('has no webhook to call (404)', async () => {
    const res = await callRouteWithBadInput(t.app, billingApi.webhook, { headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.statusCode).toBe(404);
  });
});
