import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';

// Long enough that a refused token shows the change reached the credential cache, not that the cache expired.
const t = registerTestApp({ sessionCacheMs: 60_000 });

async function createToken(user: TestUser, scopes?: string[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/settings/tokens',
    headers: asUser(user),
    payload: { name: 'Script', scopes },
  });
  return response;
}

async function createSecret(user: TestUser, scopes?: string[]): Promise<string> {
  const response = await createToken(user, scopes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ secret: string }>().secret;
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const readLists = (secret: string) => t.app.inject({ method: 'GET', url: '/api/lists', headers: bearer(secret) });
const makeList = (secret: string) =>
  t.app.inject({ method: 'POST', url: '/api/lists', headers: bearer(secret), payload: { name: 'Via token' } });

describe('access token scopes', () => {
  it('let a read token read and refuse its writes, and a write token the other way round', async () => {
    const shopper = await createUser(t.app);
    const reader = await createSecret(shopper, ['read']);
    const writer = await createSecret(shopper, ['write']);
    expect((await readLists(reader)).statusCode).toBe(200);
    const refused = await makeList(reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'insufficient_scope', message: 'This access token lacks the write scope' });
    expect((await makeList(writer)).statusCode).toBe(201);
    expect((await readLists(writer)).statusCode).toBe(403);
  });

  it('are read and write unless chosen, and are listed with the token', async () => {
    const shopper = await createUser(t.app);
    const secret = await createSecret(shopper);
    expect((await readLists(secret)).statusCode).toBe(200);
    expect((await makeList(secret)).statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/settings/tokens', headers: asUser(shopper) });
    expect(list.json<{ tokens: { scopes: string[] }[] }>().tokens[0]!.scopes).toEqual(['read', 'write']);
  });

  it('give operator routes only to an operator token with the admin scope, which only operators can make', async () => {
    const shopper = await createUser(t.app);
    expect((await createToken(shopper, ['read', 'admin'])).statusCode).toBe(403);
    expect((await createToken(shopper, [])).statusCode).toBe(400);
    expect((await createToken(shopper, ['everything'])).statusCode).toBe(400);
    const operator = await createAdmin(t.app);
    const plain = await createSecret(operator, ['read', 'write']);
    const admin = await createSecret(operator, ['admin']);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(plain) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(admin) })).statusCode).toBe(200);
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
    const out = await t.app.inject({ method: 'POST', url: '/api/sign-out-everywhere', headers: asUser(shopper) });
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
