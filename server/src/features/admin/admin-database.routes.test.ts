import { beforeAll, describe, expect, it } from 'vitest';
import { ZDatabaseInfo, adminApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, type TestUser } from '../../test/factories';
import { getDatabaseInfo } from './admin-database.service';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();
let admin: TestUser;

beforeAll(async () => {
  admin = await createAdmin(t.app);
});

describe('admin database', () => {
  it('lists the 7 tables with row counts and reports real health', async () => {
    const res = await callRoute(t.app, adminApi.database, { headers: asUser(admin) });
    expect(res.statusCode).toBe(200);
    const info = ZDatabaseInfo.parse(res.json());
    expect(info.tables.map((x) => x.name)).toEqual([
      'profiles',
      'receipts',
      'shopping_lists',
      'pantry_items',
      'deals',
      'store_locations',
      'store_chains',
    ]);
    const profileCount = await t.app.db
      .selectFrom('profiles')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(info.tables[0]!.row_count).toBe(Number(profileCount.n));
    expect(info.health.database.status).toBe('healthy');
    expect(info.health.database.size_mb).toBeGreaterThan(0);
    expect(info.health.storage.status).toBe('healthy');
    expect(info.health.auth).toEqual({ status: 'healthy', total_users: Number(profileCount.n) });
  });

  it('checks database, storage and auth health with the handles it names', async () => {
    const info = await getDatabaseInfo({ database: t.app.database, db: t.app.db, files: t.app.files, log: t.app.log });
    expect(info.kind).toBe(t.app.database.kind);
    expect(info.health.database.status).toBe('healthy');
    expect(info.health.storage.status).toBe('healthy');
  });
});
