import { beforeAll, describe, expect, it } from 'vitest';
import {
  ZAdminAnalytics,
  ZAdminStores,
  ZAppSettingList,
  ZAuditLogPage,
  ZFeatureFlagList,
  ZInviteList,
  ZOutboxPage,
  ZSqlAudit,
  ZWaitlist,
} from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, type TestUser } from '../../test/factories';
import { createId, nowIso } from '../../db/ids';
import { toWeekStart } from './admin-insights.service';

const t = registerTestApp();
let admin: TestUser;

beforeAll(async () => {
  admin = await createAdmin(t.app);
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: asUser(admin) });
}

describe('waitlist', () => {
  it('adds an email, refuses a duplicate and invites by email with a code', async () => {
    const added = await call('POST', '/api/admin/waitlist', { email: ' Wait.Er@Example.test ' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ email: 'wait.er@example.test', status: 'waiting' });
    const dup = await call('POST', '/api/admin/waitlist', { email: 'wait.er@example.test' });
    expect(dup.statusCode).toBe(409);
    expect((await call('POST', '/api/admin/waitlist', { email: 'nope' })).statusCode).toBe(400);

    const invited = await call('POST', `/api/admin/waitlist/${added.json().id}/invite`);
    expect(invited.statusCode).toBe(200);
    expect(invited.json().status).toBe('invited');
    const list = ZWaitlist.parse((await call('GET', '/api/admin/waitlist')).json());
    expect(list.items[0]).toMatchObject({ email: 'wait.er@example.test', status: 'invited' });
    const invite = await t.app.db.selectFrom('invites').selectAll().where('email', '=', 'wait.er@example.test').executeTakeFirstOrThrow();
    const mail = await t.app.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', 'wait.er@example.test')
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain(invite.code);
    expect((await call('POST', `/api/admin/waitlist/${added.json().id}/invite`)).statusCode).toBe(400);
    expect((await call('POST', `/api/admin/waitlist/${createId()}/invite`)).statusCode).toBe(404);
  });
});

describe('invites', () => {
  it('creates, lists and revokes an invite; used or unknown ones cannot be revoked', async () => {
    const created = await call('POST', '/api/admin/invites', { email: 'friend@example.test' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ email: 'friend@example.test', used_at: null, created_by_email: admin.email.toLowerCase() });
    expect(created.json().code).toMatch(/^[A-Z2-9]{10}$/);
    const list = ZInviteList.parse((await call('GET', '/api/admin/invites')).json());
    expect(list.items.map((i) => i.email)).toContain('friend@example.test');

    const revoked = await call('DELETE', `/api/admin/invites/${created.json().id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().message).toBe('Invite revoked');
    expect((await call('DELETE', `/api/admin/invites/${created.json().id}`)).statusCode).toBe(404);

    const used = await call('POST', '/api/admin/invites', { email: 'used@example.test' });
    await t.app.db.updateTable('invites').set({ used_at: nowIso() }).where('id', '=', used.json().id).execute();
    expect((await call('DELETE', `/api/admin/invites/${used.json().id}`)).statusCode).toBe(400);
  });
});

describe('settings and features', () => {
  it('lists settings with defaults and saves a valid value', async () => {
    const before = ZAppSettingList.parse((await call('GET', '/api/admin/settings')).json());
    expect(before.items.find((s) => s.key === 'stale_price_days')).toMatchObject({ value: '30', updated_at: null });
    const saved = await call('PUT', '/api/admin/settings/stale_price_days', { value: '14' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ key: 'stale_price_days', value: '14' });
    const after = ZAppSettingList.parse((await call('GET', '/api/admin/settings')).json());
    expect(after.items.find((s) => s.key === 'stale_price_days')?.value).toBe('14');
  });

  it('rejects invalid values and unknown keys', async () => {
    const bad = await call('PUT', '/api/admin/settings/deal_submission_rate_limit', { value: '-3' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/whole number/);
    expect((await call('PUT', '/api/admin/settings/deal_submission_rate_limit', { value: '  ' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/settings/no_such_key', { value: '1' })).statusCode).toBe(404);
  });

  it('toggles a feature flag stored in app_settings', async () => {
    const before = ZFeatureFlagList.parse((await call('GET', '/api/admin/features')).json());
    expect(before.items.find((f) => f.key === 'split_cart')?.is_enabled).toBe(true);
    const off = await call('PUT', '/api/admin/features/split_cart', { is_enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().is_enabled).toBe(false);
    const row = await t.app.db.selectFrom('app_settings').selectAll().where('key', '=', 'feature.split_cart').executeTakeFirstOrThrow();
    expect(row.value).toBe('false');
    expect((await call('PUT', '/api/admin/features/teleport', { is_enabled: true })).statusCode).toBe(404);
    expect((await call('PUT', '/api/admin/features/split_cart', { is_enabled: 'yes' })).statusCode).toBe(400);
  });
});

describe('read-only views', () => {
  it('lists store chains and locations with counts', async () => {
    const chainId = createId();
    const storeId = createId();
    await t.app.db.insertInto('store_chains').values({ id: chainId, name: 'Test Mart', created_at: nowIso() }).execute();
    await t.app.db
      .insertInto('store_locations')
      .values({ id: storeId, chain_id: chainId, name: 'Test Mart Central', city: 'Springfield', created_by: null, created_at: nowIso() })
      .execute();
    await t.app.db
      .insertInto('deals')
      .values({
        id: createId(),
        submitted_by: null,
        title: 'Cheap eggs',
        sale_price_cents: 199,
        original_price_cents: null,
        store_id: storeId,
        product_id: null,
        category: null,
        starts_on: null,
        ends_on: null,
        status: 'approved',
        rejection_reason: null,
        moderated_by: null,
        moderated_at: null,
        photo_key: null,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    const stores = ZAdminStores.parse((await call('GET', '/api/admin/stores')).json());
    expect(stores.chains.find((c) => c.name === 'Test Mart')?.location_count).toBe(1);
    expect(stores.locations.find((l) => l.id === storeId)).toMatchObject({
      chain_name: 'Test Mart',
      city: 'Springfield',
      deal_count: 1,
      receipt_count: 0,
    });
  });

  it('reports signups and receipts per week and deals per status', async () => {
    const analytics = ZAdminAnalytics.parse((await call('GET', '/api/admin/analytics')).json());
    expect(analytics.signups_per_week).toHaveLength(12);
    expect(analytics.signups_per_week.at(-1)).toEqual({ week_start: toWeekStart(Date.now()), count: 1 });
    expect(analytics.receipts_per_week.every((w) => w.count === 0)).toBe(true);
    expect(analytics.deals_by_status).toEqual([{ status: 'approved', count: 1 }]);
  });

  it('starts weeks on Monday (UTC)', () => {
    expect(toWeekStart(Date.parse('2026-11-22T23:00:00Z'))).toBe('2026-11-16');
    expect(toWeekStart(Date.parse('2026-11-16T00:00:00Z'))).toBe('2026-11-16');
  });

  it('pages the audit log and the outbox', async () => {
    const audit = ZAuditLogPage.parse((await call('GET', '/api/admin/logs/audit?page=1&page_size=2')).json());
    expect(audit.items).toHaveLength(2);
    expect(audit.total).toBeGreaterThan(2);
    expect(audit.items[0]!.actor_email).toBe(admin.email.toLowerCase());
    const page2 = ZAuditLogPage.parse((await call('GET', '/api/admin/logs/audit?page=2&page_size=2')).json());
    expect(page2.items[0]!.id).not.toBe(audit.items[0]!.id);
    const outbox = ZOutboxPage.parse((await call('GET', '/api/admin/logs/outbox')).json());
    expect(outbox.items.map((m) => m.subject)).toContain('Your Cartwise invite');
    expect((await call('GET', '/api/admin/logs/outbox?page=0')).statusCode).toBe(400);
  });

  it('shows data-changing admin actions and row counts in the SQL audit, without running SQL', async () => {
    await t.app.db
      .insertInto('audit_log')
      .values({
        id: createId(),
        actor_id: admin.id,
        action: 'report.viewed',
        target_type: 'report',
        target_id: null,
        details: '{}',
        created_at: nowIso(),
      })
      .execute();
    // Other features' changes (deal moderation) count as data changes too.
    await t.app.db
      .insertInto('audit_log')
      .values({
        id: createId(),
        actor_id: admin.id,
        action: 'deal.approve',
        target_type: 'deal',
        target_id: null,
        details: '{}',
        created_at: nowIso(),
      })
      .execute();
    const audit = ZSqlAudit.parse((await call('GET', '/api/admin/sql-audit?sql=drop%20table%20profiles')).json());
    expect(audit.actions.map((a) => a.action)).toContain('feature.toggled');
    expect(audit.actions.map((a) => a.action)).toContain('deal.approve');
    expect(audit.actions.map((a) => a.action)).not.toContain('report.viewed');
    expect(audit.row_counts.find((r) => r.name === 'profiles')?.row_count).toBe(1);
    expect(audit.row_counts.find((r) => r.name === 'deals')?.row_count).toBe(1);
  });

  it('reports a size for every table', async () => {
    const info = (await call('GET', '/api/admin/database')).json() as { tables: { size_bytes: number | null }[] };
    expect(info.tables.every((x) => typeof x.size_bytes === 'number')).toBe(true);
  });
});
