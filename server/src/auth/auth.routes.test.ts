import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTestApp } from '../test/test-app';
import { asUser, createUser, type TestUser } from '../test/factories';
import { craftPaths } from '../test/crafted-paths';
import { listenForRawRequests, type RawClient } from '../test/raw-http';
import { ACCOUNT_FAILURES_BEFORE_DELAY } from '../http/throttle';
import { OTP_SENDS_PER_NUMBER } from './sign-in-throttle';
import { isPlainAuthPath } from './auth-path';

// An operator made by ADMIN_EMAIL is the one better-auth's admin plugin would have trusted.
const OPERATOR_EMAIL = 'operator@example.test';
const t = registerTestApp({ adminEmail: OPERATOR_EMAIL });
let raw: RawClient;
let operator: TestUser;

beforeAll(async () => {
  operator = await createUser(t.app, { email: OPERATOR_EMAIL });
  raw = await listenForRawRequests(t.app);
});

afterAll(async () => {
  await raw.close();
});

const ADMIN_ENDPOINTS: [method: 'GET' | 'POST', rest: string, body: (userId: string) => Record<string, unknown> | undefined][] = [
  ['GET', 'admin/list-users', () => undefined],
  ['POST', 'admin/set-role', (userId) => ({ userId, role: 'admin' })],
  ['POST', 'admin/impersonate-user', (userId) => ({ userId })],
  ['POST', 'admin/set-user-password', (userId) => ({ userId, newPassword: 'taken-over-123' })],
  ['POST', 'admin/ban-user', (userId) => ({ userId })],
  ['POST', 'admin/revoke-user-sessions', (userId) => ({ userId })],
  ['POST', 'admin/remove-user', (userId) => ({ userId })],
  ['POST', 'admin/create-user', () => ({ email: 'made-by-admin@example.test', password: 'long-enough-pw', name: 'X', role: 'admin' })],
];

describe("better-auth's admin endpoints", () => {
  it('cannot be reached by an operator through any form of the path', async () => {
    const shopper = await createUser(t.app);
    const sessionsBefore = await t.app.db.selectFrom('session').select('id').where('userId', '=', shopper.id).execute();
    const reached: string[] = [];
    for (const [method, rest, body] of ADMIN_ENDPOINTS) {
      for (const target of [`/api/auth/${rest}`, ...craftPaths(rest)]) {
        const res = await raw.send(method, target, { headers: asUser(operator), body: body(shopper.id) });
        // 404 (no such route) or 400 (the NUL guard) are both refusals, and so is the web app's page that a path
        // outside /api/ gets once the web app is built (`/Api/...`); anything else reached a handler.
        const isWebAppPage = res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/html');
        if (!([400, 404].includes(res.statusCode) || isWebAppPage) || res.body.includes(shopper.email))
          reached.push(`${method} ${target} -> ${res.statusCode}`);
      }
    }
    expect(reached).toEqual([]);
    // Nothing changed behind the app's back: the shopper is there, unbanned, with their own password and sessions.
    expect(await t.app.db.selectFrom('user').select('id').where('id', '=', shopper.id).execute()).toHaveLength(1);
    expect(await t.app.db.selectFrom('session').select('id').where('userId', '=', shopper.id).execute()).toEqual(sessionsBefore);
    expect(await t.app.db.selectFrom('user').select('id').where('email', '=', 'made-by-admin@example.test').execute()).toEqual([]);
    const profile = await t.app.db.selectFrom('profiles').select('role').where('id', '=', shopper.id).executeTakeFirstOrThrow();
    expect(profile.role).toBe('user');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: shopper.email, password: shopper.password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('are not part of better-auth at all, so no server-side caller reaches them either', () => {
    const endpoints = Object.keys(t.app.auth.api);
    expect(endpoints).toContain('signInEmail');
    expect(endpoints.filter((name) => /listUsers|setRole|impersonate|banUser|removeUser|setUserPassword/i.test(name))).toEqual([]);
  });
});

describe('the sign-in lock', () => {
  it('cannot be skipped by a crafted path: a locked account stays locked for the right password', async () => {
    const target = await createUser(t.app);
    for (let i = 0; i < 15; i += 1) {
      await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: target.email, password: `wrong-${i}` } });
    }
    const opened: string[] = [];
    for (const path of craftPaths('sign-in/email')) {
      const res = await raw.send('POST', path, { body: { email: target.email, password: target.password } });
      if (res.statusCode === 200 || res.headers['set-cookie']) opened.push(`${path} -> ${res.statusCode}`);
    }
    expect(opened).toEqual([]);
    const plain = await raw.send('POST', '/api/auth/sign-in/email', { body: { email: target.email, password: target.password } });
    expect(plain.statusCode).toBe(429);
  });

  it('counts wrong passwords sent through a crafted path, or refuses them before they are tried', async () => {
    const target = await createUser(t.app);
    const codes = new Set<number>();
    for (const path of craftPaths('sign-in/email').slice(0, ACCOUNT_FAILURES_BEFORE_DELAY + 2)) {
      codes.add((await raw.send('POST', path, { body: { email: target.email, password: 'wrong-password' } })).statusCode);
    }
    // Refused as unknown paths: no password was checked, so none counted and better-auth said nothing about it.
    expect([...codes]).toEqual([404]);
    const res = await raw.send('POST', '/api/auth/sign-in/email', { body: { email: target.email, password: target.password } });
    expect(res.statusCode).toBe(200);
  });
});

describe('the per-number code limit', () => {
  it('cannot be skipped by a crafted path', async () => {
    const phoneNumber = '+15550107777';
    const sent = () => t.app.db.selectFrom('outbox_messages').select('id').where('recipient', '=', phoneNumber).execute();
    for (let i = 0; i < OTP_SENDS_PER_NUMBER.max; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/phone-number/send-otp',
        remoteAddress: `10.6.0.${i}`,
        payload: { phoneNumber },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await sent()).toHaveLength(OTP_SENDS_PER_NUMBER.max);
    const passed: string[] = [];
    for (const rest of ['phone-number/send-otp', 'phone-number/request-password-reset']) {
      for (const path of craftPaths(rest)) {
        const res = await raw.send('POST', path, { body: { phoneNumber } });
        if (res.statusCode === 200) passed.push(path);
      }
    }
    expect(passed).toEqual([]);
    expect(await sent()).toHaveLength(OTP_SENDS_PER_NUMBER.max);
  });
});

describe('plain paths', () => {
  it('still reach better-auth, query and all', async () => {
    const session = await raw.send('GET', '/api/auth/get-session?disableCookieCache=true', { headers: asUser(operator) });
    expect(session.statusCode).toBe(200);
    expect(session.body).toContain(OPERATOR_EMAIL);
    expect((await raw.send('GET', '/api/auth/ok')).statusCode).toBe(200);
  });

  it('are told apart from crafted ones', () => {
    expect(isPlainAuthPath('/api/auth/reset-password/AbC123_-x')).toBe(true);
    expect(isPlainAuthPath('/api/auth/two-factor/verify-totp')).toBe(true);
    for (const path of craftPaths('sign-in/email').filter((p) => p.startsWith('/api/auth/') && !/[A-Z]/.test(p)))
      expect(isPlainAuthPath(path), path).toBe(false);
    expect(isPlainAuthPath('/api/auth')).toBe(false);
    expect(isPlainAuthPath('/api/auth/.well-known')).toBe(false);
  });
});
