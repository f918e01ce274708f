import { pantryApi, adminApi, listsApi, accountApi } from '@cartwise/contracts';
import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../test/test-app';
import { createAdmin, createUser } from '../test/factories';
import { callRoute } from '../test/call-route';

// A TTL far longer than any test: a refusal here comes from the invalidation, not from the cache expiring.
const t = registerTestApp({ sessionCacheMs: 60_000 });

describe('cached sessions', () => {
  it('answers repeated requests from the cache without asking better-auth again', async () => {
    const shopper = await createUser(t.app);
    const first = await callRoute(t.app, pantryApi.list, { headers: { cookie: shopper.cookie } });
    expect(first.statusCode).toBe(200);
    const getSession = t.app.auth.api.getSession;
    let calls = 0;
    t.app.auth.api.getSession = ((...args: Parameters<typeof getSession>) => {
      calls += 1;
      return getSession(...args);
    }) as typeof getSession;
    try {
      const again = await callRoute(t.app, pantryApi.list, { headers: { cookie: shopper.cookie } });
      expect(again.statusCode).toBe(200);
      expect(calls).toBe(0);
    } finally {
      t.app.auth.api.getSession = getSession;
    }
  });

  it('refuses a signed-out session at once, although it was cached', async () => {
    const shopper = await createUser(t.app);
    const before = await callRoute(t.app, pantryApi.list, { headers: { cookie: shopper.cookie } });
    expect(before.statusCode).toBe(200);
    const out = await callRoute(t.app, accountApi.signOutEverywhere, {
      headers: { cookie: shopper.cookie, origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBeLessThan(400);
    const after = await callRoute(t.app, pantryApi.list, { headers: { cookie: shopper.cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a session revoked in the database by better-auth at once', async () => {
    const shopper = await createUser(t.app);
    expect((await callRoute(t.app, listsApi.list, { headers: { cookie: shopper.cookie } })).statusCode).toBe(200);
    const ctx = await t.app.auth.$context;
    await ctx.internalAdapter.deleteUserSessions(shopper.id);
    expect((await callRoute(t.app, listsApi.list, { headers: { cookie: shopper.cookie } })).statusCode).toBe(401);
  });

  it('refuses operator pages to a demoted operator at once', async () => {
    const boss = await createAdmin(t.app);
    const demoted = await createAdmin(t.app);
    const page = () => callRoute(t.app, adminApi.users, { headers: { cookie: demoted.cookie } });
    expect((await page()).statusCode).toBe(200);
    const change = await callRoute(t.app, adminApi.changeRole, {
      params: { id: demoted.id },
      headers: { cookie: boss.cookie, origin: 'http://localhost:3000' },
      body: { role: 'user' },
    });
    expect(change.statusCode).toBe(200);
    expect((await page()).statusCode).toBe(403);
  });

  it('checks again once the cache period is over (a change made by another process)', async () => {
    const shopper = await createUser(t.app);
    expect((await callRoute(t.app, pantryApi.list, { headers: { cookie: shopper.cookie } })).statusCode).toBe(200);
    // What the admin CLI does: it edits the database directly and publishes nothing.
    await t.app.db.deleteFrom('session').where('userId', '=', shopper.id).execute();
    expect((await callRoute(t.app, pantryApi.list, { headers: { cookie: shopper.cookie } })).statusCode).toBe(200);
    t.app.sessionCache.forgetUser(shopper.id);
    expect((await callRoute(t.app, pantryApi.list, { headers: { cookie: shopper.cookie } })).statusCode).toBe(401);
  });
});
