import { beforeAll, describe, expect, it } from 'vitest';
import { registerTestApp } from '../test/test-app';
import { createAdmin, createUser, type TestUser } from '../test/factories';
import { runAdminCommand } from './admin';

const t = registerTestApp();
let admin: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  admin = await createAdmin(t.app);
  shopper = await createUser(t.app);
});

async function readRole(id: string) {
  const profile = await t.app.db.selectFrom('profiles').select('role').where('id', '=', id).executeTakeFirstOrThrow();
  return profile.role;
}

describe('npm run admin', () => {
  it('promotes an account by email (any case) in profiles, where roles live', async () => {
    const result = await runAdminCommand(t.app.db, ['promote', shopper.email.toUpperCase()]);
    expect(result).toEqual({ exitCode: 0, message: expect.stringContaining('is now an admin') });
    expect(await readRole(shopper.id)).toBe('admin');
    expect((await runAdminCommand(t.app.db, ['promote', shopper.email])).message).toMatch(/already an admin/);
  });

  it('demotes, but never the last admin', async () => {
    const result = await runAdminCommand(t.app.db, ['demote', shopper.email]);
    expect(result.exitCode).toBe(0);
    expect(await readRole(shopper.id)).toBe('user');
    const last = await runAdminCommand(t.app.db, ['demote', admin.email]);
    expect(last).toEqual({ exitCode: 1, message: expect.stringContaining('last admin') });
  });

  it('explains unknown emails and bad usage', async () => {
    expect(await runAdminCommand(t.app.db, ['promote', 'ghost@example.test'])).toEqual({
      exitCode: 1,
      message: expect.stringContaining('No account'),
    });
    expect((await runAdminCommand(t.app.db, ['grant'])).exitCode).toBe(2);
    expect((await runAdminCommand(t.app.db, [])).message).toMatch(/Usage/);
  });
});
