import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../test/test-app';
import { asUser, createUser } from '../test/factories';

const t = registerTestApp();

describe("better-auth's own admin endpoints", () => {
  it('are not served, so `user` and `profiles` cannot disagree about roles or accounts', async () => {
    // An operator as ADMIN_EMAIL makes one: admin in both tables, which is what better-auth's admin plugin checks.
    const operator = await createUser(t.app, { role: 'admin' });
    await t.app.db.updateTable('user').set({ role: 'admin' }).where('id', '=', operator.id).execute();
    const shopper = await createUser(t.app);
    const calls: [string, Record<string, unknown>][] = [
      ['/api/auth/admin/set-role', { userId: shopper.id, role: 'admin' }],
      ['/api/auth/admin/remove-user', { userId: shopper.id }],
      ['/api/auth/admin/ban-user', { userId: shopper.id }],
      ['/api/auth/admin/impersonate-user', { userId: shopper.id }],
      ['/api/auth/admin/set-user-password', { userId: shopper.id, newPassword: 'taken-over-123' }],
      ['/api/auth//admin/set-role', { userId: shopper.id, role: 'admin' }],
      ['/api/auth/%61dmin/set-role', { userId: shopper.id, role: 'admin' }],
    ];
    for (const [url, payload] of calls) {
      const res = await t.app.inject({ method: 'POST', url, headers: asUser(operator), payload });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/admin/list-users', headers: asUser(operator) })).statusCode).toBe(404);
    const user = await t.app.db.selectFrom('user').select(['role', 'banned']).where('id', '=', shopper.id).executeTakeFirstOrThrow();
    expect(user.role).toBe('user');
    expect(user.banned ? 1 : 0).toBe(0);
    const profile = await t.app.db.selectFrom('profiles').select('role').where('id', '=', shopper.id).executeTakeFirstOrThrow();
    expect(profile.role).toBe('user');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: shopper.email, password: shopper.password },
    });
    expect(signIn.statusCode).toBe(200);
  });
});
