import { describe, expect, it } from 'vitest';
import { ZProfile, accountApi, listsApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, toCookieHeader } from '../../test/factories';
import { callRoute, callRouteWithBadInput } from '../../test/call-route';

const t = registerTestApp();

describe('accounts', () => {
  it('signs up, starts a 6-month trial and returns the profile', async () => {
    const user = await createUser(t.app, { name: 'Ada Shopper' });
    const res = await callRoute(t.app, accountApi.me, { headers: asUser(user) });
    expect(res.statusCode).toBe(200);
    const profile = ZProfile.parse(res.json());
    expect(profile.email).toBe(user.email);
    expect(profile.full_name).toBe('Ada Shopper');
    expect(profile.role).toBe('user');
    expect(profile.debug_enabled).toBe(false);
    expect(profile.subscription_status).toBe('trial');
    const months = (Date.parse(profile.trial_ends_at!) - Date.parse(profile.trial_started_at!)) / (30.4 * 86400e3);
    expect(Math.round(months)).toBe(6);
  });

  it('answers a sign-up with a registered email exactly like a new one and mails the owner instead', async () => {
    const owner = await createUser(t.app);
    const fresh = await callRoute(t.app, accountApi.signup, { body: { email: 'brand-new@example.test', password: 'another-password' } });
    const taken = await callRoute(t.app, accountApi.signup, { body: { email: owner.email.toUpperCase(), password: 'another-password' } });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual(fresh.json());
    // No session for whoever typed someone else's address, and the owner's password is unchanged.
    expect(taken.headers['set-cookie']).toBeUndefined();
    const notice = await t.app.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', owner.email).execute();
    expect(notice.map((m) => m.subject)).toEqual(['Someone tried to sign up with your address']);
    const intruder = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: owner.email, password: 'another-password' },
    });
    expect(intruder.statusCode).toBe(401);
    const ownerSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: owner.email, password: owner.password },
    });
    expect(ownerSignIn.statusCode).toBe(200);
    expect(await t.app.db.selectFrom('user').select('id').where('email', '=', owner.email).execute()).toHaveLength(1);
  });

  it("answers better-auth's own sign-up route alike for a new and a registered email", async () => {
    const owner = await createUser(t.app);
    const call = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password: 'another-password', name: 'X' } });
    const fresh = await call('brand-new-2@example.test');
    const taken = await call(owner.email);
    expect(taken.statusCode).toBe(200);
    expect(fresh.statusCode).toBe(200);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
      token: body.token,
      keys: Object.keys(body.user).sort(),
      email: body.user.email,
    });
    expect(shape(taken.json())).toEqual({ ...shape(fresh.json()), email: owner.email });
    expect(taken.headers['set-cookie']).toBeUndefined();
    expect(fresh.headers['set-cookie']).toBeUndefined();
  });

  it('signs a newcomer in and mails a verification link that confirms the address without blocking the app', async () => {
    const email = 'verify-me@example.test';
    const res = await callRoute(t.app, accountApi.signup, { body: { email, password: 'correct-horse-battery' } });
    expect(res.statusCode).toBe(200);
    // Billing is off here: the welcome promises no trial.
    expect(res.json().message).toBe('Welcome to Cartwise!');
    const cookie = toCookieHeader(res.headers['set-cookie']);
    // Unverified, the shopper still uses the app.
    expect((await callRoute(t.app, accountApi.me, { headers: { cookie } })).statusCode).toBe(200);
    const lists = await callRoute(t.app, listsApi.create, {
      headers: { cookie, origin: 'http://localhost:3000' },
      body: { name: 'Weekly' },
    });
    expect(lists.statusCode).toBe(201);
    const mail = await t.app.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', email).executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Confirm your email address for Cartwise');
    const link = /(http\S+\/api\/auth\/verify-email\S+)/.exec(mail.body)?.[1];
    expect(link).toBeTruthy();
    const url = new URL(link!);
    const open = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(open.statusCode).toBe(302);
    expect(open.headers.location).toBe('/u/settings/security?verified=1');
    const user = await t.app.db.selectFrom('user').select('emailVerified').where('email', '=', email).executeTakeFirstOrThrow();
    expect(Boolean(user.emailVerified)).toBe(true);
  });

  it('states the password minimum when a sign-up password is too short', async () => {
    const res = await callRoute(t.app, accountApi.signup, { body: { email: 'short-pass@example.test', password: 'abc123' } });
    expect(res.statusCode).toBe(400);
    expect(res.error().message).toBe('Password must be at least 8 characters');
  });

  it('rejects a malformed sign-up with 400 and no stack trace', async () => {
    const res = await callRouteWithBadInput(t.app, accountApi.signup, { body: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.error()).toMatchObject({ error: 'validation_error' });
    expect(res.body).not.toMatch(/at .*\.ts/);
  });

  it('signs in with email and password and signs out globally', async () => {
    const user = await createUser(t.app);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.statusCode).toBe(200);
    const second = toCookieHeader(signIn.headers['set-cookie']);
    const out = await callRoute(t.app, accountApi.signOutEverywhere, { headers: { cookie: second } });
    expect(out.statusCode).toBe(200);
    // Both the first session (from sign-up) and the second are gone.
    expect((await callRoute(t.app, accountApi.me, { headers: asUser(user) })).statusCode).toBe(401);
    expect((await callRoute(t.app, accountApi.me, { headers: { cookie: second } })).statusCode).toBe(401);
  });

  it('refuses a wrong password', async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 to anonymous profile reads', async () => {
    const res = await callRoute(t.app, accountApi.me);
    expect(res.statusCode).toBe(401);
    expect(res.error().message).toBe('Auth session missing!');
  });

  it('resets a password through the emailed token with /api/set-password', async () => {
    const user = await createUser(t.app);
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email, redirectTo: 'http://localhost:3000/reset-password' },
    });
    expect(ask.statusCode).toBe(200);
    const mail = await t.app.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', user.email).executeTakeFirstOrThrow();
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1] ?? '';
    expect(token).toBeTruthy();
    const wrongEmail = await callRoute(t.app, accountApi.setPassword, {
      body: { email: 'other@example.test', token, password: 'new-password-1' },
    });
    expect(wrongEmail.statusCode).toBe(400);
    const ok = await callRoute(t.app, accountApi.setPassword, { body: { email: user.email, token, password: 'new-password-1' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Password updated');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: 'new-password-1' },
    });
    expect(signIn.statusCode).toBe(200);
  });
});
