import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../test/test-app';
import { createAdmin, createUser } from '../test/factories';

// A TTL far longer than any test: a refusal here comes from the invalidation, not from the cache expiring.
const t = registerTestApp({ sessionCacheMs: 60_000 });

describe('cached sessions', () => {
  it('answers repeated requests from the cache without asking better-auth again', async () => {
    const shopper = await createUser(t.app);
    const first = await t.app.inject({ method: 'GET', url: '/api/pantry', headers: { cookie: shopper.cookie } });
    expect(first.statusCode).toBe(200);
    const getSession = t.app.auth.api.getSession;
    let calls = 0;
    t.app.auth.api.getSession = ((...args: Parameters<typeof getSession>) => {
      calls += 1;
      return getSession(...args);
    }) as typeof getSession;
    try {
      const again = await t.app.inject({ method: 'GET', url: '/api/pantry', headers: { cookie: shopper.cookie } });
      expect(again.statusCode).toBe(200);
      expect(calls).toBe(0);
    } finally {
      t.app.auth.api.getSession = getSession;
    }
  });

  it('refuses a signed-out session at once, although it was cached', async () => {
    const shopper = await createUser(t.app);
    const before = await t.app.inject({ method: 'GET', url: '/api/pantry', headers: { cookie: shopper.cookie } });
    expect(before.statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/sign-out-everywhere',
      headers: { cookie: shopper.cookie, origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBeLessThan(400);
    const after = await t.app.inject({ method: 'GET', url: '/api/pantry', headers: { cookie: shopper.cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a session revoked in the database by better-auth at once', async () => {
    const shopper = await createUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/lists', headers: { cookie: shopper.cookie } })).statusCode).toBe(200);
    const ctx = await t.app.auth.$context;
    await ctx.internalAdapter.deleteUserSessions(shopper.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/lists', headers: { cookie: shopper.cookie } })).statusCode).toBe(401);
  });

  it('refuses operator pages to a demoted operator at once', async () => {
    const boss = await createAdmin(t.app);
    const demoted = await createAdmin(t.app);
    const page = () => t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: demoted.cookie } });
    expect((await page()).statusCode).toBe(200);
    const change = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${demoted.id}`,
      headers: { cookie: boss.cookie, origin: 'http://localhost:3000' },
      payload: { role: 'user' },
    });
    expect(change.statusCode).toBe(200);
    expect((await page()).statusCode).toBe(403);
  });

  it('checks again once the cache period is over (a change made by another process)', async () => {
    const shopper = await createUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/pantry', headers: { cookie: shopper.cookie } })).statusCode).toBe(200);
    // What the admin CLI does: it edits the database directly and publishes nothing.
    await t.app.db.deleteFrom('session').where('userId', '=', shopper.id).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/pantry', headers: { cookie: shopper.cookie } })).statusCode).toBe(200);
    t.app.sessionCache.forgetUser(shopper.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/pantry', headers: { cookie: shopper.cookie } })).statusCode).toBe(401);
  });
});
