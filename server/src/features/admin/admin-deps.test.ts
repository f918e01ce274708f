import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { getAnalytics, getSqlAudit, listAuditLog, listOutbox } from './admin-insights.service';
import { listAdminStores } from './admin-stores.service';
import { listUsers } from './admin-users.service';

const t = registerTestApp();

// Each service gets a plain object holding only the dependencies its signature names: reaching for anything else
// (the whole app, a logger it did not declare) fails here at run time as well as in the type check.
describe('admin services take only what they use', () => {
  it('reads stores, analytics and the audit log from the database alone', async () => {
    const deps = { db: t.app.db };
    expect((await listAdminStores(deps, { page: 1, page_size: 50 })).chains).toEqual(expect.any(Array));
    expect((await getAnalytics(deps)).signups_per_week).toHaveLength(12);
    expect(await listAuditLog(deps, 1, 20)).toMatchObject({ page: 1, page_size: 20 });
    expect((await getSqlAudit(deps)).row_counts.length).toBeGreaterThan(0);
  });

  it('needs the config only to redact outgoing mail and to read billing', async () => {
    const deps = { config: t.app.config, db: t.app.db };
    expect(await listOutbox(deps, 1, 20)).toMatchObject({ page: 1 });
    expect(await listUsers(deps, { page: 1, page_size: 20 })).toMatchObject({ total: 0 });
  });
});
