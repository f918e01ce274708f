import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminApi, apiTokensApi, pantryApi, type RouteBody } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { createAdmin, createUser, type TestUser } from '../../test/factories';
import { callRoute } from '../../test/call-route';

// Long enough that a refused revoked token shows the revocation reached the cache, not that the cache expired.
const t = registerTestApp({ sessionCacheMs: 60_000 });
const origin = 'http://localhost:3000';

async function createToken(user: TestUser, name = 'Script', scopes?: RouteBody<typeof apiTokensApi.create>['scopes']) {
  const response = await callRoute(t.app, apiTokensApi.create, { headers: { cookie: user.cookie, origin }, body: { name, scopes } });
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** The pantry read with a token, to see whether the token is let in. */
async function readPantryWith(secret: string) {
  return callRoute(t.app, pantryApi.list, { headers: bearer(secret) });
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

describe('personal access tokens', () => {
  it('shows a new token once and stores only its SHA-256', async () => {
    const shopper = await createUser(t.app);
    const created = await createToken(shopper, 'Home Assistant');
    expect(created.secret).toMatch(/^cw_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.token.prefix)).toBe(true);
    const rows = await t.app.db.selectFrom('api_tokens').selectAll().where('user_id', '=', shopper.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(crypto.createHash('sha256').update(created.secret).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(created.secret);
    const list = await callRoute(t.app, apiTokensApi.list, { headers: { cookie: shopper.cookie } });
    expect(list.json()).toEqual({ tokens: [expect.objectContaining({ id: created.token.id, name: 'Home Assistant' })] });
    expect(list.body).not.toContain(created.secret);
  });

  it('authenticates API calls as its owner with Authorization: Bearer', async () => {
    const shopper = await createUser(t.app);
    const { secret } = await createToken(shopper);
    const added = await callRoute(t.app, pantryApi.create, { headers: bearer(secret), body: { name: 'Rice', qty: 2, unit: 'kg' } });
    expect(added.statusCode).toBe(201);
    const pantry = await callRoute(t.app, pantryApi.list, { headers: { cookie: shopper.cookie } });
    expect(pantry.json().items.map((i) => i.name)).toEqual(['Rice']);
  });

  it('answers 401 to an unknown or a revoked token', async () => {
    const shopper = await createUser(t.app);
    const { token, secret } = await createToken(shopper);
    expect((await readPantryWith(`${secret}x`)).statusCode).toBe(401);
    expect((await readPantryWith('')).statusCode).toBe(401);
    expect((await readPantryWith(secret)).statusCode).toBe(200);
    const revoked = await callRoute(t.app, apiTokensApi.revoke, { params: { id: token.id }, headers: { cookie: shopper.cookie, origin } });
    expect(revoked.statusCode).toBe(204);
    expect((await readPantryWith(secret)).statusCode).toBe(401);
  });

  it("never reaches another shopper's data or tokens", async () => {
    const alice = await createUser(t.app);
    const bob = await createUser(t.app);
    const bobItem = await callRoute(t.app, pantryApi.create, {
      headers: { cookie: bob.cookie, origin },
      body: { name: 'Eggs', qty: 12, unit: 'pcs' },
    });
    const bobToken = await createToken(bob);
    const { secret } = await createToken(alice);
    const pantry = await readPantryWith(secret);
    expect(pantry.json().items).toEqual([]);
    const edit = await callRoute(t.app, pantryApi.update, { params: { id: bobItem.json().id }, headers: bearer(secret), body: { qty: 1 } });
    expect(edit.statusCode).toBe(404);
    const revokeBobs = await callRoute(t.app, apiTokensApi.revoke, {
      params: { id: bobToken.token.id },
      headers: { cookie: alice.cookie, origin },
    });
    expect(revokeBobs.statusCode).toBe(404);
    expect((await readPantryWith(bobToken.secret)).statusCode).toBe(200);
  });

  it("keeps a shopper's token out of operator routes, and lets an operator's admin-scoped one in", async () => {
    const shopper = await createUser(t.app);
    const operator = await createAdmin(t.app);
    const shopperToken = await createToken(shopper);
    const operatorToken = await createToken(operator, 'Ops', ['read', 'admin']);
    expect((await callRoute(t.app, adminApi.users, { headers: bearer(shopperToken.secret) })).statusCode).toBe(403);
    expect((await callRoute(t.app, adminApi.users, { headers: bearer(operatorToken.secret) })).statusCode).toBe(200);
  });

  it('cannot create or revoke tokens itself', async () => {
    const shopper = await createUser(t.app);
    const { token, secret } = await createToken(shopper);
    const create = await callRoute(t.app, apiTokensApi.create, { headers: bearer(secret), body: { name: 'More' } });
    expect(create.statusCode).toBe(403);
    const revoke = await callRoute(t.app, apiTokensApi.revoke, { params: { id: token.id }, headers: bearer(secret) });
    expect(revoke.statusCode).toBe(403);
  });

  it('asks for a name', async () => {
    const shopper = await createUser(t.app);
    const response = await callRoute(t.app, apiTokensApi.create, { headers: { cookie: shopper.cookie, origin }, body: { name: '  ' } });
    expect(response.statusCode).toBe(400);
    expect(response.error().message).toContain('Token name is required');
  });
});
