import { accountApi } from '@cartwise/contracts';
import { describe, expect, it } from 'vitest';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { buildSubscriptionEvent } from '../../test/fake-stripe';
import { deliverEvent, registerBillingTestApp } from './billing-test-helpers';
import { callRoute } from '../../test/call-route';

describe('deleting an account that pays', () => {
  const t = registerBillingTestApp();

  async function subscribe(user: TestUser, subscription: string) {
    const res = await deliverEvent(
      t.app,
      buildSubscriptionEvent({ type: 'customer.subscription.created', userId: user.id, status: 'active', subscription }),
    );
    expect(res.statusCode).toBe(200);
  }

  const deleteMe = (user: TestUser) =>
    callRoute(t.app, accountApi.deleteAccount, { headers: asUser(user), body: { password: user.password } });

  const countProfiles = async (user: TestUser) =>
    (await t.app.db.selectFrom('profiles').select('id').where('id', '=', user.id).execute()).length;

  it('cancels the running subscription at Stripe, then deletes the account', async () => {
    const user = await createUser(t.app);
    await subscribe(user, 'sub_delete_me');
    const before = t.stripe.requests.length;
    const res = await deleteMe(user);
    expect(res.statusCode, res.body).toBe(204);
    const sent = t.stripe.requests.slice(before);
    expect(sent).toEqual([expect.objectContaining({ method: 'DELETE', path: '/v1/subscriptions/sub_delete_me' })]);
    expect(await countProfiles(user)).toBe(0);
  });

  it('keeps the account, with a clear 502, when Stripe cannot cancel', async () => {
    const user = await createUser(t.app);
    await subscribe(user, 'sub_stripe_down');
    t.stripe.failNext(500, 2);
    const res = await deleteMe(user);
    expect(res.statusCode).toBe(502);
    expect(res.error().message).toMatch(/could not be ended\. Nothing was deleted/);
    expect(await countProfiles(user)).toBe(1);
  });

  it('deletes the account when Stripe no longer has the subscription', async () => {
    const user = await createUser(t.app);
    await subscribe(user, 'sub_gone_already');
    expect((await deleteMe(user)).statusCode).toBe(204);
    expect(await countProfiles(user)).toBe(0);
  });

  it('calls Stripe for no one without a subscription', async () => {
    const user = await createUser(t.app);
    const before = t.stripe.requests.length;
    expect((await deleteMe(user)).statusCode).toBe(204);
    expect(t.stripe.requests.length).toBe(before);
  });
});
