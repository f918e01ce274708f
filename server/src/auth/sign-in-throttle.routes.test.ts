import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountApi } from '@cartwise/contracts';
import { createTestApp, type TestApp } from '../test/test-app';
import { createUser, type TestUser } from '../test/factories';
import { ACCOUNT_FAILURES_BEFORE_DELAY, readBlockSeconds, recordFailure } from '../http/throttle';
import type { App } from '../app';
import type { AppConfig } from '../config';
import { callRoute } from '../test/call-route';

function signIn(app: App, email: string, password: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers, remoteAddress, payload: { email, password } });
}

/** One app per describe block, so each starts with empty counters and its own limits. */
function useApp(overrides: Partial<AppConfig>): { readonly current: TestApp } {
  let current: TestApp | null = null;
  beforeAll(async () => {
    current = await createTestApp(overrides);
  });
  afterAll(async () => {
    await current?.close();
  });
  return {
    get current() {
      if (!current) throw new Error('built in beforeAll');
      return current;
    },
  };
}

describe('the client address', () => {
  const t = useApp({ authRateLimitPerMinute: 5 });

  it('comes from the socket, so rotating X-Forwarded-For values no longer bypass the sign-in limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const spoof = {
        'x-forwarded-for': `198.51.100.${i + 1}`,
        'x-cartwise-client-ip': `203.0.113.${i + 1}`,
        'x-real-ip': `192.0.2.${i + 1}`,
      };
      const res = await signIn(t.current.app, `nobody${i}@example.test`, 'wrong-password', spoof, '10.1.0.1');
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5).every((code) => code === 429)).toBe(true);
    // Another client (another socket address) is not affected.
    expect((await signIn(t.current.app, 'nobody@example.test', 'wrong-password', {}, '10.1.0.2')).statusCode).toBe(401);
  });
});

describe('behind a proxy named in TRUST_PROXY', () => {
  const t = useApp({ authRateLimitPerMinute: 3, trustProxy: ['10.9.0.1'] });

  it('counts each forwarded client separately, and ignores the header from anyone but the proxy', async () => {
    const fromProxy = (client: string) =>
      signIn(t.current.app, 'nobody@example.test', 'wrong-password', { 'x-forwarded-for': client }, '10.9.0.1');
    expect([
      (await fromProxy('203.0.113.7')).statusCode,
      (await fromProxy('203.0.113.7')).statusCode,
      (await fromProxy('203.0.113.7')).statusCode,
    ]).toEqual([401, 401, 401]);
    expect((await fromProxy('203.0.113.7')).statusCode).toBe(429);
    expect((await fromProxy('203.0.113.8')).statusCode).toBe(401);
    const direct = (client: string) =>
      signIn(t.current.app, 'nobody@example.test', 'wrong-password', { 'x-forwarded-for': client }, '10.9.0.2');
    const codes = [];
    for (let i = 0; i < 4; i += 1) codes.push((await direct(`198.51.100.${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});

describe('failed sign-ins per account', () => {
  // The production default per-address budget (20 a minute), not the tests' generous one.
  const t = useApp({ authRateLimitPerMinute: 20 });
  let target: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    target = await createUser(t.current.app);
    other = await createUser(t.current.app);
  });

  it("holds back the attacked account after ten failures, but not another account or another address's sign-in", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 20; i += 1) codes.push((await signIn(t.current.app, target.email, `wrong-${i}`, {}, '10.2.0.1')).statusCode);
    expect(codes.slice(0, ACCOUNT_FAILURES_BEFORE_DELAY)).toEqual(Array(ACCOUNT_FAILURES_BEFORE_DELAY).fill(401));
    expect(codes.slice(ACCOUNT_FAILURES_BEFORE_DELAY)).toEqual(Array(20 - ACCOUNT_FAILURES_BEFORE_DELAY).fill(429));
    const held = await signIn(t.current.app, target.email.toUpperCase(), target.password, {}, '10.2.0.3');
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toMatch(/Too many failed sign-ins for this account\. Try again in \d+ seconds\./);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);

    // The same address and any other can still sign in to another account, and get plain 401s for it.
    expect((await signIn(t.current.app, other.email, other.password, {}, '10.2.0.1')).statusCode).toBe(200);
    expect((await signIn(t.current.app, other.email, 'wrong-password', {}, '10.2.0.2')).statusCode).toBe(401);
    expect((await signIn(t.current.app, other.email, other.password, {}, '10.2.0.2')).statusCode).toBe(200);
  });

  it('lengthens the hold with each further failure, and lets it lapse', async () => {
    const db = t.current.app.db;
    const key = 'sign-in-failures|progressive@example.test';
    const start = Date.now();
    for (let i = 0; i < ACCOUNT_FAILURES_BEFORE_DELAY - 1; i += 1) await recordFailure(db, key, start);
    expect(await readBlockSeconds(db, key, start)).toBe(0);
    await recordFailure(db, key, start);
    expect(await readBlockSeconds(db, key, start)).toBe(30);
    expect(await readBlockSeconds(db, key, start + 31_000)).toBe(0);
    await recordFailure(db, key, start + 31_000);
    expect(await readBlockSeconds(db, key, start + 31_000)).toBe(60);
  });
});

describe('counters in the database', () => {
  const t = useApp({ authRateLimitPerMinute: 3 });

  it('still hold after the app restarts on the same database', async () => {
    const user = await createUser(t.current.app);
    for (let i = 0; i < 3; i += 1)
      expect((await signIn(t.current.app, `ghost${i}@example.test`, 'wrong', {}, '10.3.0.1')).statusCode).toBe(401);
    for (let i = 0; i < ACCOUNT_FAILURES_BEFORE_DELAY; i += 1) await signIn(t.current.app, user.email, 'wrong', {}, `10.3.1.${i}`);
    const app = await t.current.restart();
    expect((await signIn(app, 'ghost@example.test', 'wrong', {}, '10.3.0.1')).statusCode).toBe(429);
    expect((await signIn(app, user.email, user.password, {}, '10.3.2.1')).statusCode).toBe(429);
    // The app's own limits (@fastify/rate-limit on /api/signup) count in the database too: one sign-up was made.
    const signUp = (i: number) =>
      callRoute(app, accountApi.signup, { body: { email: `after-restart${i}@example.test`, password: 'long-enough-pw' } });
    expect([(await signUp(1)).statusCode, (await signUp(2)).statusCode, (await signUp(3)).statusCode]).toEqual([200, 200, 429]);
  });
});

describe('phone codes and passkey options', () => {
  const t = useApp({});
  const sendCode = (phoneNumber: string, remoteAddress: string) =>
    t.current.app.inject({ method: 'POST', url: '/api/auth/phone-number/send-otp', remoteAddress, payload: { phoneNumber } });

  it('limits codes sent to one number, from any address, and codes sent from one address', async () => {
    const toOneNumber: number[] = [];
    for (let i = 0; i < 6; i += 1) toOneNumber.push((await sendCode('+1 555 010 0001', `10.4.0.${i}`)).statusCode);
    expect(toOneNumber).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await sendCode('+15550100001', '10.4.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many codes were sent to this number/);

    const fromOneAddress: number[] = [];
    for (let i = 0; i < 11; i += 1) fromOneAddress.push((await sendCode(`+1555020${String(i).padStart(4, '0')}`, '10.4.2.1')).statusCode);
    expect(fromOneAddress.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(fromOneAddress[10]).toBe(429);
    expect((await sendCode('+15550300001', '10.4.2.2')).statusCode).toBe(200);
  });

  it('limits passkey option requests per address', async () => {
    const ask = (remoteAddress: string) =>
      t.current.app.inject({ method: 'GET', url: '/api/auth/passkey/generate-authenticate-options', remoteAddress });
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) codes.push((await ask('10.5.0.1')).statusCode);
    expect(codes.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(codes[10]).toBe(429);
    expect((await ask('10.5.0.2')).statusCode).toBe(200);
  });
});
