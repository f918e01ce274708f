import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ZDashboard, ZPantryList, ZShoppingLists, pantryApi } from '@cartwise/contracts';
import type { App } from '../app-types';
import { registerTestApp, registerTwoInstances } from '../test/test-app';
import { asUser, createUser, type TestUser } from '../test/factories';
import { createId, nowIso } from './ids';
import { cachePerUser } from './per-user-cache';
import { callRoute } from '../test/call-route';

const t = registerTestApp();

async function getJson(app: App, user: TestUser, url: string): Promise<unknown> {
  const res = await app.inject({ method: 'GET', url, headers: asUser(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const readPantryNames = async (user: TestUser, app = t.app) =>
  ZPantryList.parse(await getJson(app, user, '/api/pantry')).items.map((i) => i.name);
const listCounts = async (user: TestUser) =>
  ZShoppingLists.parse(await getJson(t.app, user, '/api/lists')).items.map((l) => [l.name, l.item_count, l.checked_count]);
const dashboard = async (user: TestUser) => ZDashboard.parse(await getJson(t.app, user, '/api/dashboard'));

// Every write below goes straight to the database, as another instance, a script or psql would: no service code
// runs, so only the database's own counters can tell the cache.
async function addPantryItem(app: App, userId: string, name: string, householdId: string | null = null): Promise<string> {
  const id = createId();
  await app.db
    .insertInto('pantry_items')
    .values({
      id,
      user_id: userId,
      household_id: householdId,
      name,
      expires_on: null,
      product_id: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  return id;
}

describe('per-user caches of the pantry, lists and dashboard', () => {
  let shopper: TestUser;
  let partner: TestUser;
  let householdId: string;
  beforeAll(async () => {
    shopper = await createUser(t.app);
    partner = await createUser(t.app);
    householdId = createId();
    await t.app.db
      .insertInto('households')
      .values({ id: householdId, name: 'Flat', owner_id: shopper.id, created_at: nowIso(), updated_at: nowIso() })
      .execute();
    await t.app.db
      .insertInto('household_members')
      .values([
        { household_id: householdId, user_id: shopper.id, role: 'owner', joined_at: nowIso() },
        { household_id: householdId, user_id: partner.id, role: 'member', joined_at: nowIso() },
      ])
      .execute();
  });

  it('builds a page once and reuses it while the user’s data does not change', async () => {
    let loads = 0;
    const read = cachePerUser(
      async (_app: App, userId: string, day: string) => `${userId} ${day} ${++loads}`,
      (day) => day,
    );
    const first = await read(t.app, shopper.id, '2026-11-26');
    expect(await read(t.app, shopper.id, '2026-11-26')).toBe(first);
    // Someone else's write leaves it alone.
    const stranger = await createUser(t.app);
    await addPantryItem(t.app, stranger.id, 'Not yours');
    expect(await read(t.app, shopper.id, '2026-11-26')).toBe(first);
    expect(loads).toBe(1);
    // The user's own write, or another key, builds it again.
    await addPantryItem(t.app, shopper.id, 'Rice');
    expect(await read(t.app, shopper.id, '2026-11-26')).not.toBe(first);
    expect(await read(t.app, shopper.id, '2026-11-27')).toContain('2026-11-27');
    expect(loads).toBe(3);
  });

  it('shows own and household pantry writes at once, to every member', async () => {
    expect(await readPantryNames(partner)).toEqual([]);
    const id = await addPantryItem(t.app, shopper.id, 'Shared oil', householdId);
    expect(await readPantryNames(shopper)).toEqual(['Rice', 'Shared oil']);
    expect(await readPantryNames(partner)).toEqual(['Shared oil']);
    await t.app.db.updateTable('pantry_items').set({ name: 'Olive oil' }).where('id', '=', id).execute();
    expect(await readPantryNames(partner)).toEqual(['Olive oil']);
    // Leaving the household takes its items off the leaver's page.
    await t.app.db.deleteFrom('household_members').where('user_id', '=', partner.id).execute();
    expect(await readPantryNames(partner)).toEqual([]);
    await t.app.db
      .insertInto('household_members')
      .values({ household_id: householdId, user_id: partner.id, role: 'member', joined_at: nowIso() })
      .execute();
    expect(await readPantryNames(partner)).toEqual(['Olive oil']);
  });

  it('shows list and item writes at once, on the lists page and the dashboard', async () => {
    const listId = createId();
    await t.app.db
      .insertInto('shopping_lists')
      .values({ id: listId, user_id: shopper.id, household_id: householdId, name: 'Weekly', created_at: nowIso(), updated_at: nowIso() })
      .execute();
    expect(await listCounts(partner)).toEqual([['Weekly', 0, 0]]);
    expect((await dashboard(partner)).lists.map((l) => l.item_count)).toEqual([0]);
    const itemId = createId();
    await t.app.db
      .insertInto('list_items')
      .values({ id: itemId, list_id: listId, name: 'Eggs', unit: null, product_id: null, category: null, created_at: nowIso() })
      .execute();
    expect(await listCounts(partner)).toEqual([['Weekly', 1, 0]]);
    await t.app.db.updateTable('list_items').set({ is_checked: 1 }).where('id', '=', itemId).execute();
    expect(await listCounts(shopper)).toEqual([['Weekly', 1, 1]]);
    expect((await dashboard(partner)).lists.map((l) => l.checked_count)).toEqual([1]);
  });

  it('shows a new receipt on the dashboard at once', async () => {
    const before = await dashboard(shopper);
    await t.app.db
      .insertInto('receipts')
      .values({
        id: createId(),
        user_id: shopper.id,
        store_id: null,
        store_name: 'Corner shop',
        store_address: null,
        purchased_on: nowIso().slice(0, 10),
        purchased_time: null,
        subtotal_cents: null,
        tax_cents: null,
        total_cents: 1234,
        payment: null,
        image_key: null,
        raw_text: null,
        household_id: null,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    const after = await dashboard(shopper);
    expect(after.spend_this_month_cents).toBe(before.spend_this_month_cents + 1234);
    expect(after.recent_receipts.map((r) => r.store_name)).toContain('Corner shop');
  });
});

// Several instances share PostgreSQL: each caches on its own, and a write through one shows on the other as soon as
// the database's notice reaches it.
describe.skipIf(!inject('postgresUrl'))('per-user caches on two instances', () => {
  const instances = registerTwoInstances();

  it('shows on B a pantry item added through A', async () => {
    const shopper = await createUser(instances.a);
    expect(await readPantryNames(shopper, instances.b)).toEqual([]);
    const res = await callRoute(instances.a, pantryApi.create, { headers: asUser(shopper), body: { name: 'Flour', qty: 1 } });
    expect(res.statusCode, res.body).toBe(201);
    // B trusts what it read until A's notice reaches it (db/cache-trust.ts).
    await vi.waitFor(async () => expect(await readPantryNames(shopper, instances.b)).toEqual(['Flour']), { timeout: 2000, interval: 20 });
  });
});
