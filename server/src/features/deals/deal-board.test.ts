import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { sql } from 'kysely';
import { ZDealList, getTodayIso, dealsApi } from '@cartwise/contracts';
import type { App } from '../../app-types';
import { registerTestApp, registerTwoInstances } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { getDealBoard } from './deal-board';
import { createApprovedDeal, createStore } from './deals-test-helpers';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();

async function readDeals(user: TestUser) {
  const res = await callRoute(t.app, dealsApi.list, { headers: asUser(user) });
  expect(res.statusCode, res.body).toBe(200);
  return ZDealList.parse(res.json());
}

describe('the deal board', () => {
  let shopper: TestUser;
  let admin: TestUser;
  let storeId: string;
  beforeAll(async () => {
    shopper = await createUser(t.app);
    admin = await createAdmin(t.app);
    storeId = await createStore(t.app, 'Corner Shop', 'Corner');
    await createApprovedDeal(t.app, shopper, admin, { title: 'Oat milk', storeId });
  });

  it('is built once and reused while nothing it is made of changes', async () => {
    const first = await getDealBoard(t.app.db, getTodayIso());
    expect(first.rows.map((r) => r.title)).toEqual(['Oat milk']);
    expect(await getDealBoard(t.app.db, getTodayIso())).toBe(first);
    // A write to a table the board is not made of keeps it.
    await createUser(t.app);
    expect(await getDealBoard(t.app.db, getTodayIso())).toBe(first);
    // Another day is another board.
    expect(await getDealBoard(t.app.db, '2999-01-01')).not.toBe(first);
  });

  it('shows a write to deals, stores or chains at once, however it was made', async () => {
    expect((await readDeals(shopper)).items.map((d) => d.productName)).toEqual(['Oat milk']);

    // Written straight to the database, as another process or instance would: no code path announces these.
    await sql`update deals set title = 'Soy milk'`.execute(t.app.db);
    expect((await readDeals(shopper)).items.map((d) => d.productName)).toEqual(['Soy milk']);

    await sql`update store_locations set name = 'Main Street Shop'`.execute(t.app.db);
    expect((await readDeals(shopper)).items[0]!.store?.name).toBe('Main Street Shop');

    await sql`update store_chains set name = 'Corner Group'`.execute(t.app.db);
    expect((await readDeals(shopper)).items[0]!.store?.chainName).toBe('Corner Group');

    await sql`update deals set status = 'rejected'`.execute(t.app.db);
    expect((await readDeals(shopper)).items).toEqual([]);
  });

  it('marks the viewer’s own deals and lists their pending submissions per viewer', async () => {
    await sql`update deals set status = 'approved'`.execute(t.app.db);
    const other = await createUser(t.app);
    expect((await readDeals(shopper)).items[0]!.isMine).toBe(true);
    expect((await readDeals(other)).items[0]!.isMine).toBe(false);
    const res = await callRoute(t.app, dealsApi.create, {
      headers: asUser(other),
      body: { title: 'Rye bread', description: 'Fresh', price: 2.5, storeId },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await readDeals(other)).mySubmissions.map((d) => d.productName)).toEqual(['Rye bread']);
    expect((await readDeals(shopper)).mySubmissions).toEqual([]);
  });
});

// Several instances share PostgreSQL: each keeps its own board, and a write through one shows on the other at once.
describe.skipIf(!inject('postgresUrl'))('the deal board on two instances', () => {
  const instances = registerTwoInstances();

  it('shows on B a deal approved through A', async () => {
    const shopper = await createUser(instances.a);
    const admin = await createAdmin(instances.a);
    const storeId = await createStore(instances.a, 'Bakery');
    await createApprovedDeal(instances.a, shopper, admin, { title: 'Baguette', storeId });
    const read = async (app: App) =>
      ZDealList.parse((await callRoute(app, dealsApi.list, { headers: asUser(shopper) })).json()).items.map((d) => d.productName);
    // B trusts the counters it read until A's notice reaches it (db/cache-trust.ts).
    await vi.waitFor(async () => expect(await read(instances.b)).toEqual(['Baguette']), { timeout: 2000, interval: 20 });
    await createApprovedDeal(instances.a, shopper, admin, { title: 'Croissant', storeId });
    await vi.waitFor(async () => expect(await read(instances.b)).toEqual(['Croissant', 'Baguette']), { timeout: 2000, interval: 20 });
  });
});
