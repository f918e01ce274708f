import { beforeAll, describe, expect, it } from 'vitest';
import { ZPushPreferences, ZPushPublicKey } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { createFakeSubscriber } from '../../test/fake-push-service';

// The rules as a real server runs them: https endpoints on public addresses only.
const t = registerTestApp({ push: { vapidKeys: null, isInsecureEndpointAllowed: false, listBatchMs: 60_000 } });
let shopper: TestUser;
let other: TestUser;

beforeAll(async () => {
  shopper = await createUser(t.app);
  other = await createUser(t.app);
});

function call(user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: user ? asUser(user) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

// 93.184.215.14 is a public address: an IP literal needs no DNS (tests have no network).
const PUBLIC_ENDPOINT = 'https://93.184.215.14/push/v2/abc123';

describe('GET /api/push/public-key', () => {
  it('answers a base64url P-256 public key, the same one each time, and 401 without a session', async () => {
    const first = ZPushPublicKey.parse((await call(shopper, 'GET', '/api/push/public-key')).json());
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(ZPushPublicKey.parse((await call(other, 'GET', '/api/push/public-key')).json())).toEqual(first);
    expect((await call(null, 'GET', '/api/push/public-key')).statusCode).toBe(401);
    const stored = await t.app.db.selectFrom('push_vapid_keys').select('public_key').execute();
    expect(stored).toEqual([{ public_key: first.publicKey }]);
  });
});

describe('POST and DELETE /api/push/subscriptions', () => {
  it('stores a subscription at a public https endpoint (201) and forgets it by endpoint (204)', async () => {
    const { keys } = createFakeSubscriber();
    const res = await call(shopper, 'POST', '/api/push/subscriptions', { endpoint: PUBLIC_ENDPOINT, keys, expirationTime: null });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ endpoint: PUBLIC_ENDPOINT });
    const rows = await t.app.db
      .selectFrom('push_subscriptions')
      .select(['user_id', 'p256dh'])
      .where('endpoint', '=', PUBLIC_ENDPOINT)
      .execute();
    expect(rows).toEqual([{ user_id: shopper.id, p256dh: keys.p256dh }]);
    // Another account cannot remove it.
    expect((await call(other, 'DELETE', '/api/push/subscriptions', { endpoint: PUBLIC_ENDPOINT })).statusCode).toBe(204);
    expect(await t.app.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', PUBLIC_ENDPOINT).execute()).toHaveLength(1);
    expect((await call(shopper, 'DELETE', '/api/push/subscriptions', { endpoint: PUBLIC_ENDPOINT })).statusCode).toBe(204);
    expect(await t.app.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', PUBLIC_ENDPOINT).execute()).toHaveLength(0);
  });

  it('answers 401 without a session', async () => {
    const { keys } = createFakeSubscriber();
    expect((await call(null, 'POST', '/api/push/subscriptions', { endpoint: PUBLIC_ENDPOINT, keys })).statusCode).toBe(401);
    expect((await call(null, 'DELETE', '/api/push/subscriptions', { endpoint: PUBLIC_ENDPOINT })).statusCode).toBe(401);
  });

  it.each([
    ['http://93.184.215.14/push', 'https'],
    ['https://127.0.0.1/push', 'public'],
    ['https://localhost/push', 'public'],
    ['https://10.1.2.3/push', 'public'],
    ['https://172.20.0.5/push', 'public'],
    ['https://192.168.1.1/push', 'public'],
    ['https://169.254.169.254/latest/meta-data', 'public'],
    ['https://100.64.0.1/push', 'public'],
    ['https://0.0.0.0/push', 'public'],
    ['https://[::1]/push', 'public'],
    ['https://[fd00::1]/push', 'public'],
    ['https://[fe80::1]/push', 'public'],
    ['https://[::ffff:127.0.0.1]/push', 'public'],
    ['https://[::ffff:a00:1]/push', 'public'],
    ['https://[64:ff9b::a00:1]/push', 'public'],
    ['https://2130706433/push', 'public'],
    ['https://0x7f.1/push', 'public'],
    ['https://intranet/push', 'public'],
    ['https://93.184.215.14:8443/push', 'port'],
    ['https://user:pass@93.184.215.14/push', 'credentials'],
    ['ftp://93.184.215.14/push', 'https'],
    ['not a url', 'not a URL'],
  ])('refuses the endpoint %s with a 400', async (endpoint, words) => {
    const { keys } = createFakeSubscriber();
    const res = await call(shopper, 'POST', '/api/push/subscriptions', { endpoint, keys });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(words);
  });

  it('refuses a bad key or auth secret with a 400 naming it', async () => {
    const { keys } = createFakeSubscriber();
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    const cases = [
      { keys: { ...keys, p256dh: 'abc' }, words: 'p256dh' },
      { keys: { ...keys, p256dh: offCurve.toString('base64url') }, words: 'P-256' },
      { keys: { ...keys, p256dh: 'not base64!' }, words: 'base64url' },
      { keys: { ...keys, auth: Buffer.alloc(8).toString('base64url') }, words: 'auth' },
      { keys: { p256dh: keys.p256dh }, words: 'auth' },
    ];
    for (const { keys: bad, words } of cases) {
      const res = await call(shopper, 'POST', '/api/push/subscriptions', { endpoint: PUBLIC_ENDPOINT, keys: bad });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(words);
    }
    expect(await t.app.db.selectFrom('push_subscriptions').select('id').execute()).toHaveLength(0);
  });

  it('moves a browser posted again by another account to that account with its new keys', async () => {
    const endpoint = 'https://93.184.215.14/push/shared-device';
    expect((await call(shopper, 'POST', '/api/push/subscriptions', { endpoint, keys: createFakeSubscriber().keys })).statusCode).toBe(201);
    const { keys } = createFakeSubscriber();
    expect((await call(other, 'POST', '/api/push/subscriptions', { endpoint, keys })).statusCode).toBe(201);
    const rows = await t.app.db.selectFrom('push_subscriptions').select(['user_id', 'p256dh']).where('endpoint', '=', endpoint).execute();
    expect(rows).toEqual([{ user_id: other.id, p256dh: keys.p256dh }]);
  });
});

describe('GET and PUT /api/push/preferences', () => {
  it('starts with every topic on and keeps what the shopper turns off', async () => {
    expect(ZPushPreferences.parse((await call(shopper, 'GET', '/api/push/preferences')).json())).toEqual({
      list_changes: true,
      deal_alerts: true,
      trial_reminders: true,
    });
    const saved = await call(shopper, 'PUT', '/api/push/preferences', { list_changes: false, deal_alerts: true, trial_reminders: false });
    expect(saved.statusCode).toBe(200);
    expect((await call(shopper, 'GET', '/api/push/preferences')).json()).toEqual({
      list_changes: false,
      deal_alerts: true,
      trial_reminders: false,
    });
    expect((await call(other, 'GET', '/api/push/preferences')).json()).toMatchObject({ list_changes: true });
    expect((await call(shopper, 'PUT', '/api/push/preferences', { list_changes: 'yes' })).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/push/preferences')).statusCode).toBe(401);
  });
});
