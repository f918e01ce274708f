import { listsApi, accountApi, dealsApi } from '@cartwise/contracts';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerTestApp } from '../test/test-app';
import { asUser, createUser, type TestUser } from '../test/factories';
import { registerErrorHandler } from './errors';
import { CSRF_MESSAGE, registerCsrfGuard } from './csrf';
import type { AppConfig } from '../config';
import { callRoute, callRouteWithBadInput } from '../test/call-route';

// A cookie-carrying write must show it comes from the app (Origin or Sec-Fetch-Site); reads and cookie-less
// calls are not affected.
const t = registerTestApp();
let shopper: TestUser;

beforeAll(async () => {
  shopper = await createUser(t.app);
});

const countLists = async (user: TestUser) =>
  (await t.app.db.selectFrom('shopping_lists').select('id').where('user_id', '=', user.id).execute()).length;

function createList(headers: Record<string, string | undefined>) {
  return callRoute(t.app, listsApi.create, { headers: { ...asUser(shopper), ...headers }, body: { name: 'Groceries' } });
}

describe('cross-site request defence', () => {
  it('refuses a cookie-authenticated write from another origin with 403 and a clear message', async () => {
    const before = await countLists(shopper);
    const res = await createList({ origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.error()).toEqual({ error: 'csrf_rejected', message: CSRF_MESSAGE });
    expect(await countLists(shopper)).toBe(before);
  });

  it('refuses a cookie-authenticated write without an Origin, and one from a same-site but other origin', async () => {
    expect((await createList({ origin: undefined })).statusCode).toBe(403);
    expect((await createList({ origin: 'null' })).statusCode).toBe(403);
    expect((await createList({ origin: 'http://localhost:3001' })).statusCode).toBe(403);
    expect((await createList({ origin: undefined, 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
  });

  it("accepts the app's public origin, the request's own host, and a browser's Sec-Fetch-Site: same-origin", async () => {
    expect((await createList({ origin: 'http://localhost:3000' })).statusCode).toBe(201);
    expect((await createList({ origin: 'http://cartwise.lan:8080', host: 'cartwise.lan:8080' })).statusCode).toBe(201);
    expect((await createList({ origin: undefined, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
  });

  it('refuses an auto-submitted multipart deal from another site before reading it', async () => {
    const boundary = 'x-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nFree TV\r\n--${boundary}--\r\n`;
    const res = await callRouteWithBadInput(t.app, dealsApi.create, {
      headers: { ...asUser(shopper), origin: 'https://same-site.localhost', 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: body,
    });
    expect(res.statusCode).toBe(403);
  });

  it('guards DELETE and the auth routes too, and leaves reads alone', async () => {
    expect(
      (await callRoute(t.app, accountApi.signOutEverywhere, { headers: { ...asUser(shopper), origin: 'https://evil.example' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { ...asUser(shopper), origin: 'https://evil.example' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/lists/anything', headers: { ...asUser(shopper), origin: undefined } })).statusCode,
    ).toBe(403);
    const read = await callRoute(t.app, listsApi.list, { headers: { ...asUser(shopper), origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
    expect((await callRoute(t.app, accountApi.me, { headers: asUser(shopper) })).statusCode).toBe(200);
  });

  it('does not apply to requests without cookies: anonymous calls and bearer tokens', async () => {
    const log = await callRoute(t.app, accountApi.clientLog, {
      headers: { origin: 'https://evil.example' },
      body: { level: 'info', message: 'hi' },
    });
    expect(log.statusCode).toBe(204);
    const token = await callRoute(t.app, listsApi.create, {
      headers: { authorization: 'Bearer cw_not_a_real_token', origin: undefined },
      body: { name: 'x' },
    });
    expect(token.statusCode).not.toBe(403);
    const mixed = await callRoute(t.app, listsApi.create, {
      headers: { ...asUser(shopper), authorization: 'Bearer cw_x', origin: undefined },
      body: { name: 'x' },
    });
    expect(mixed.statusCode).toBe(403);
  });

  it('lets a route opt out with config.csrf false (webhooks called by other servers)', async () => {
    const app = Fastify();
    app.decorate('config', { publicUrl: 'http://localhost:3000' } as AppConfig);
    registerErrorHandler(app);
    registerCsrfGuard(app);
    app.post('/api/hook', { config: { csrf: false } }, async () => ({ ok: true }));
    app.post('/api/other', async () => ({ ok: true }));
    const headers = { cookie: 'a=b', origin: 'https://payments.example' };
    expect((await app.inject({ method: 'POST', url: '/api/hook', headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/other', headers })).statusCode).toBe(403);
    await app.close();
  });
});
