import { accountApi } from '@cartwise/contracts';
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { ACCOUNT_FAILURES_BEFORE_DELAY, readBlockSeconds } from '../../http/throttle';
import { listAccountThrottleKeys } from '../../auth/sign-in-throttle';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });

async function lockOut(user: TestUser): Promise<void> {
  for (let i = 0; i < ACCOUNT_FAILURES_BEFORE_DELAY; i += 1) await signIn(user.email, `wrong-${i}`);
  expect((await signIn(user.email, user.password)).statusCode).toBe(429);
}

async function deleteOwnAccount(user: TestUser): Promise<void> {
  const res = await callRoute(t.app, accountApi.deleteAccount, { headers: asUser(user), body: { password: user.password } });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

describe("deleting an account and another account's sign-in lock", () => {
  it('leaves the lock alone when the deleted address has an underscore that would match it as a pattern', async () => {
    const name = `lock${crypto.randomBytes(4).toString('hex')}`;
    const victim = await createUser(t.app, { email: `${name}@example.test` });
    await lockOut(victim);
    const other = await createUser(t.app, { email: `${name.slice(0, 2)}_${name.slice(3)}@example.test` });
    // The deleted account's own counter goes with it.
    await signIn(other.email, 'wrong-password');
    const [otherKey] = listAccountThrottleKeys(other.email, null);
    expect(await t.app.db.selectFrom('rate_limits').select('key').where('key', '=', otherKey!).execute()).toHaveLength(1);

    await deleteOwnAccount(other);

    expect(await t.app.db.selectFrom('rate_limits').select('key').where('key', '=', otherKey!).execute()).toEqual([]);
    const [victimKey] = listAccountThrottleKeys(victim.email, null);
    expect(await readBlockSeconds(t.app.db, victimKey!)).toBeGreaterThan(0);
    expect((await signIn(victim.email, victim.password)).statusCode).toBe(429);
  });

  it('leaves the lock alone when the deleted address has a percent sign (sign-up refuses one; older rows may have it)', async () => {
    const name = `lock${crypto.randomBytes(4).toString('hex')}`;
    const victim = await createUser(t.app, { email: `${name}@example.test` });
    await lockOut(victim);
    const other = await createUser(t.app);
    const odd = `${name.slice(0, 2)}%@example.test`;
    await t.app.db.updateTable('user').set({ email: odd }).where('id', '=', other.id).execute();
    await t.app.db.updateTable('profiles').set({ email: odd }).where('id', '=', other.id).execute();

    await deleteOwnAccount(other);

    const [victimKey] = listAccountThrottleKeys(victim.email, null);
    expect(await readBlockSeconds(t.app.db, victimKey!)).toBeGreaterThan(0);
    expect((await signIn(victim.email, victim.password)).statusCode).toBe(429);
  });
});
