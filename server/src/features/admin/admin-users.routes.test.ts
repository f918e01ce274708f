import { beforeAll, describe, expect, it } from 'vitest';
import { ZAdminUser, ZAdminUserDetail, ZAdminUserList, apiTokensApi, pantryApi, adminApi, accountApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { fakeStripeConfig } from '../../test/fake-stripe';
import { callRoute, callRouteWithBadInput } from '../../test/call-route';

// Billing on (no Stripe call is made here): the plan filter only means something with billing.
const t = registerTestApp({ stripe: fakeStripeConfig('http://127.0.0.1:9') });
const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();
let admin: TestUser;

beforeAll(async () => {
  admin = await createAdmin(t.app);
});

async function listUsers(query: Record<string, string>) {
  const res = await callRouteWithBadInput(t.app, adminApi.users, { query: `${new URLSearchParams(query)}`, headers: asUser(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return ZAdminUserList.parse(res.json());
}

describe('the operator user list at scale', () => {
  let tag: string;
  let fresh: TestUser;
  let lapsed: TestUser;
  let paying: TestUser;

  beforeAll(async () => {
    tag = `flt${Date.now().toString(36)}`;
    fresh = await createUser(t.app, { name: `${tag} Fresh` });
    lapsed = await createUser(t.app, { name: `${tag} Lapsed` });
    paying = await createUser(t.app, { name: `${tag} Paying` });
    await t.app.db
      .updateTable('profiles')
      .set({ last_seen_at: new Date().toISOString(), trial_ends_at: daysFromNow(30), paid_until: null })
      .where('id', '=', fresh.id)
      .execute();
    await t.app.db
      .updateTable('profiles')
      .set({ last_seen_at: daysFromNow(-60), created_at: daysFromNow(-400), trial_ends_at: daysFromNow(-200), paid_until: null })
      .where('id', '=', lapsed.id)
      .execute();
    await t.app.db
      .updateTable('profiles')
      .set({ last_seen_at: null, paid_until: daysFromNow(100), role: 'admin' })
      .where('id', '=', paying.id)
      .execute();
  });

  const emails = (list: { items: { email: string }[] }) => list.items.map((u) => u.email).sort();

  it('filters by role, plan, sign-up age and last seen, combined with the search', async () => {
    expect(emails(await listUsers({ q: tag, role: 'admin' }))).toEqual([paying.email]);
    expect(emails(await listUsers({ q: tag, plan: 'paid' }))).toEqual([paying.email]);
    expect(emails(await listUsers({ q: tag, plan: 'trial' }))).toEqual([fresh.email]);
    expect(emails(await listUsers({ q: tag, plan: 'expired_trial' }))).toEqual([lapsed.email]);
    expect(emails(await listUsers({ q: tag, signed_up_days: '30' }))).toEqual([fresh.email, paying.email].sort());
    expect(emails(await listUsers({ q: tag, last_seen: '1d' }))).toEqual([fresh.email]);
    expect(emails(await listUsers({ q: tag, last_seen: 'inactive_30d' }))).toEqual([lapsed.email]);
    expect(emails(await listUsers({ q: tag, last_seen: 'never' }))).toEqual([paying.email]);
    const list = await listUsers({ q: tag });
    expect(list.total).toBe(3);
    expect(list.items.find((u) => u.email === lapsed.email)?.last_seen_at).not.toBeNull();
  });

  it('sorts by last seen with never-seen accounts last, in both directions', async () => {
    const desc = await listUsers({ q: tag, sort: 'last_seen', order: 'desc' });
    expect(desc.items.map((u) => u.email)).toEqual([fresh.email, lapsed.email, paying.email]);
    const asc = await listUsers({ q: tag, sort: 'last_seen', order: 'asc' });
    expect(asc.items.map((u) => u.email)).toEqual([lapsed.email, fresh.email, paying.email]);
    const byEmail = await listUsers({ q: tag, sort: 'email', order: 'asc' });
    expect(byEmail.items.map((u) => u.email)).toEqual([fresh.email, lapsed.email, paying.email].sort());
  });

  it('refuses an unknown filter value with a 400', async () => {
    for (const query of ['role=owner', 'last_seen=forever', 'sort=password', 'signed_up_days=0', 'plan=gold']) {
      const res = await callRouteWithBadInput(t.app, adminApi.users, { query: query, headers: asUser(admin) });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('suspending and reinstating an account', () => {
  it('signs the account out, refuses its sign-in and tokens, and lets it back in once reinstated', async () => {
    const shopper = await createUser(t.app);
    const token = await callRoute(t.app, apiTokensApi.create, { headers: asUser(shopper), body: { name: 'script' } });
    expect(token.statusCode, token.body).toBe(201);
    const bearer = { authorization: `Bearer ${(token.json() as { secret: string }).secret}` };
    expect((await callRoute(t.app, pantryApi.list, { headers: bearer })).statusCode).toBe(200);

    const suspend = await callRoute(t.app, adminApi.suspendUser, {
      params: { id: shopper.id },
      headers: asUser(admin),
      body: { reason: 'Spam deals' },
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect(ZAdminUser.parse(suspend.json()).suspended_at).not.toBeNull();

    expect((await callRoute(t.app, accountApi.me, { headers: asUser(shopper) })).statusCode).toBe(401);
    expect((await callRoute(t.app, pantryApi.list, { headers: bearer })).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: shopper.email, password: shopper.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe('This account is suspended');
    expect((await listUsers({ q: shopper.email, state: 'suspended' })).items.map((u) => u.id)).toEqual([shopper.id]);
    expect((await listUsers({ q: shopper.email, state: 'active' })).items).toEqual([]);

    const detail = ZAdminUserDetail.parse(
      (await callRoute(t.app, adminApi.user, { params: { id: shopper.id }, headers: asUser(admin) })).json(),
    );
    expect(detail.suspended_reason).toBe('Spam deals');
    expect(detail.active_sessions).toBe(0);
    expect(detail.counts.access_tokens).toBe(1);
    expect(detail.events[0]).toMatchObject({ action: 'user.suspended', actor_email: admin.email, details: { reason: 'Spam deals' } });

    const reinstate = await callRoute(t.app, adminApi.reinstateUser, { params: { id: shopper.id }, headers: asUser(admin) });
    expect(reinstate.statusCode).toBe(200);
    expect(ZAdminUser.parse(reinstate.json()).suspended_at).toBeNull();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: shopper.email, password: shopper.password },
    });
    expect(again.statusCode).toBe(200);
    expect((await callRoute(t.app, pantryApi.list, { headers: bearer })).statusCode).toBe(200);
    const events = ZAdminUserDetail.parse(
      (await callRoute(t.app, adminApi.user, { params: { id: shopper.id }, headers: asUser(admin) })).json(),
    ).events.map((e) => e.action);
    expect(events.slice(0, 2)).toEqual(['user.reinstated', 'user.suspended']);
  });

  it('refuses a suspension of oneself, of nobody, without a reason, or by a shopper', async () => {
    const shopper = await createUser(t.app);
    const self = await callRoute(t.app, adminApi.suspendUser, { params: { id: admin.id }, headers: asUser(admin), body: { reason: 'x' } });
    expect(self.statusCode).toBe(400);
    const nobody = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000/suspend',
      headers: asUser(admin),
      payload: { reason: 'x' },
    });
    expect(nobody.statusCode).toBe(404);
    const blank = await callRoute(t.app, adminApi.suspendUser, {
      params: { id: shopper.id },
      headers: asUser(admin),
      body: { reason: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    const byShopper = await callRoute(t.app, adminApi.suspendUser, {
      params: { id: admin.id },
      headers: asUser(shopper),
      body: { reason: 'x' },
    });
    expect(byShopper.statusCode).toBe(403);
    expect((await callRoute(t.app, adminApi.user, { params: { id: admin.id }, headers: asUser(shopper) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users/nope', headers: asUser(admin) })).statusCode).toBe(404);
  });
});

describe('last seen', () => {
  it('moves when the account signs in', async () => {
    const shopper = await createUser(t.app);
    const old = new Date(Date.now() - 40 * DAY).toISOString();
    await t.app.db.updateTable('profiles').set({ last_seen_at: old }).where('id', '=', shopper.id).execute();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: shopper.email, password: shopper.password },
    });
    expect(signIn.statusCode).toBe(200);
    const row = await t.app.db.selectFrom('profiles').select('last_seen_at').where('id', '=', shopper.id).executeTakeFirstOrThrow();
    expect(Date.parse(row.last_seen_at!)).toBeGreaterThan(Date.now() - 60_000);
  });
});
