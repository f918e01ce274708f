import { accountApi, adminApi, apiTokensApi, listsApi, type RouteBody } from '@cartwise/contracts';
import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { callRoute, callRouteWithBadInput } from '../../test/call-route';

// Long enough that a refused token shows the change reached the credential cache, not that the cache expired.
const t = registerTestApp({ sessionCacheMs: 60_000 });

type Scopes = RouteBody<typeof apiTokensApi.create>['scopes'];

async function createToken(user: TestUser, scopes?: Scopes) {
  const response = await callRoute(t.app, apiTokensApi.create, { headers: asUser(user), body: { name: 'Script', scopes } });
  return response;
}

async function createSecret(user: TestUser, scopes?: Scopes): Promise<string> {
  const response = await createToken(user, scopes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().secret;
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const readLists = (secret: string) => callRoute(t.app, listsApi.list, { headers: bearer(secret) });
const makeList = (secret: string) => callRoute(t.app, listsApi.create, { headers: bearer(secret), body: { name: 'Via token' } });

describe('access token scopes', () => {
  it('let a read token read and refuse its writes, and a write token the other way round', async () => {
    const shopper = await createUser(t.app);
    const reader = await createSecret(shopper, ['read']);
    const writer = await createSecret(shopper, ['write']);
    expect((await readLists(reader)).statusCode).toBe(200);
    const refused = await makeList(reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.error()).toEqual({ error: 'insufficient_scope', message: 'This access token lacks the write scope' });
    expect((await makeList(writer)).statusCode).toBe(201);
    expect((await readLists(writer)).statusCode).toBe(403);
  });

  it('are read and write unless chosen, and are listed with the token', async () => {
    const shopper = await createUser(t.app);
    const secret = await createSecret(shopper);
    expect((await readLists(secret)).statusCode).toBe(200);
    expect((await makeList(secret)).statusCode).toBe(201);
    const list = await callRoute(t.app, apiTokensApi.list, { headers: asUser(shopper) });
    expect(list.json().tokens[0]!.scopes).toEqual(['read', 'write']);
  });

  it('give operator routes only to an operator token with the admin scope, which only operators can make', async () => {
    const shopper = await createUser(t.app);
    expect((await createToken(shopper, ['read', 'admin'])).statusCode).toBe(403);
    expect((await createToken(shopper, [])).statusCode).toBe(400);
    const unknownScope = { name: 'Script', scopes: ['everything'] };
    expect((await callRouteWithBadInput(t.app, apiTokensApi.create, { headers: asUser(shopper), body: unknownScope })).statusCode).toBe(
      400,
    );
    const operator = await createAdmin(t.app);
    const plain = await createSecret(operator, ['read', 'write']);
    const admin = await createSecret(operator, ['admin']);
    expect((await callRoute(t.app, adminApi.users, { headers: bearer(plain) })).statusCode).toBe(403);
    expect((await callRoute(t.app, adminApi.users, { headers: bearer(admin) })).statusCode).toBe(200);
    // The admin scope is for operator routes only.
    expect((await readLists(admin)).statusCode).toBe(403);
  });
});

describe('access tokens end', () => {
  it('when the password is changed', async () => {
    const shopper = await createUser(t.app);
    const secret = await createSecret(shopper);
    expect((await readLists(secret)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: asUser(shopper),
      payload: { currentPassword: shopper.password, newPassword: 'a-brand-new-password' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await readLists(secret)).statusCode).toBe(401);
    expect(await t.app.db.selectFrom('api_tokens').select('id').where('user_id', '=', shopper.id).execute()).toEqual([]);
  });

  it('when the password is reset by the emailed link', async () => {
    const shopper = await createUser(t.app);
    const secret = await createSecret(shopper);
    expect((await readLists(secret)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: shopper.email, redirectTo: 'http://localhost:3000/reset-password' },
    });
    const rows = await t.app.db.selectFrom('verification').select(['identifier', 'value']).where('value', '=', shopper.id).execute();
    const token = rows.find((row) => row.identifier.startsWith('reset-password:'))!.identifier.slice('reset-password:'.length);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'reset-to-this-one' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await readLists(secret)).statusCode).toBe(401);
  });

  it('with sign out everywhere', async () => {
    const shopper = await createUser(t.app);
    const secret = await createSecret(shopper);
    expect((await readLists(secret)).statusCode).toBe(200);
    const out = await callRoute(t.app, accountApi.signOutEverywhere, { headers: asUser(shopper) });
    expect(out.statusCode).toBeLessThan(300);
    expect((await readLists(secret)).statusCode).toBe(401);
  });

  it('made before password stamps, once the password changes after their next use', async () => {
    const shopper = await createUser(t.app);
    const secret = await createSecret(shopper);
    await t.app.db.updateTable('api_tokens').set({ credential_stamp: null }).where('user_id', '=', shopper.id).execute();
    t.app.sessionCache.forgetUser(shopper.id);
    expect((await readLists(secret)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: asUser(shopper),
      payload: { currentPassword: shopper.password, newPassword: 'a-brand-new-password' },
    });
    expect((await readLists(secret)).statusCode).toBe(401);
  });
});
