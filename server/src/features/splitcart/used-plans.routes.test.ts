import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDashboard, ZUsedPlan } from '@cartwise/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { createList, importPriceBook, THREE_STORE_PRICES, TODAY } from '../../test/priced-lists';
import { createId, nowIso } from '../../db/ids';

let t: TestApp;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

// THREE_STORE_PRICES, with trips at 1.00: the plan is Apples at North, Milk and Cheese at South = 13.00 + 2.00.
const PLAN_CENTS = 1500;
const SOUTH_CENTS = 500 + 1400 + 300 + 100;
const EAST_CENTS = 840 + 1450 + 350 + 100;
const QUERY = 'tripCostCents=100&maxStores=any';

let storeIds: Record<string, string>;
let productIds: Map<string, string>;

function createWeeklyList(user: TestUser): Promise<string> {
  return createList(t.app, user, [
    { name: 'Milk', quantity: 2, productId: productIds.get('Farm Milk') },
    { name: 'Apples', quantity: 5, productId: productIds.get('Apples') },
    { name: 'Cheese', quantity: 1, productId: productIds.get('Farm Cheese') },
  ]);
}

async function insertReceipt(user: TestUser, store: string, purchasedOn: string, totalCents: number): Promise<void> {
  await t.app.db
    .insertInto('receipts')
    .values({
      id: createId(),
      user_id: user.id,
      store_id: storeIds[store]!,
      store_name: store,
      purchased_on: purchasedOn,
      total_cents: totalCents,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
}

async function usePlan(user: TestUser, listId: string) {
  return t.app.inject({ method: 'POST', url: `/api/lists/${listId}/plans?${QUERY}`, headers: asUser(user) });
}

async function getSavings(user: TestUser) {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: asUser(user) });
  expect(res.statusCode, res.body).toBe(200);
  return ZDashboard.parse(res.json()).savings;
}

beforeAll(async () => {
  t = await createTestApp();
  productIds = await importPriceBook(t.app, THREE_STORE_PRICES);
  const stores = await t.app.db.selectFrom('store_locations').select(['id', 'name']).execute();
  storeIds = Object.fromEntries(stores.map((s) => [s.name, s.id]));
});
afterAll(async () => {
  await t.close();
});

describe('using a split-cart plan', () => {
  it('counts the saving against the store where the shopper spent most over 90 days', async () => {
    const shopper = await createUser(t.app);
    await insertReceipt(shopper, 'South', daysAgo(10), 4000);
    await insertReceipt(shopper, 'East', daysAgo(20), 3000);
    // More spend at East, but too long ago to make it the usual store.
    await insertReceipt(shopper, 'East', daysAgo(120), 90_000);
    const listId = await createWeeklyList(shopper);

    const res = await usePlan(shopper, listId);
    expect(res.statusCode, res.body).toBe(201);
    expect(ZUsedPlan.parse(res.json())).toMatchObject({
      listId,
      usedOn: TODAY,
      totalCents: PLAN_CENTS,
      usualStoreName: 'South',
      usualTotalCents: SOUTH_CENTS,
      savingsCents: SOUTH_CENTS - PLAN_CENTS,
    });
    const savings = await getSavings(shopper);
    expect(savings.month).toMatchObject({ split_cart_cents: SOUTH_CENTS - PLAN_CENTS, plans_used: 1, deals_cents: 0 });
    expect(savings.month.total_cents).toBe(savings.month.deals_cents + savings.month.split_cart_cents);
    expect(savings.year).toMatchObject({ split_cart_cents: SOUTH_CENTS - PLAN_CENTS, plans_used: 1 });
  });

  it('falls back to the most expensive complete single store when the usual store lacks an item', async () => {
    const shopper = await createUser(t.app);
    // North is where this shopper spends most, but it sells no cheese.
    await insertReceipt(shopper, 'North', daysAgo(5), 9000);
    const listId = await createWeeklyList(shopper);
    const used = ZUsedPlan.parse((await usePlan(shopper, listId)).json());
    expect(used).toMatchObject({ usualStoreName: 'East', usualTotalCents: EAST_CENTS, savingsCents: EAST_CENTS - PLAN_CENTS });
  });

  it('replaces a plan used again for the same list the same day instead of counting it twice', async () => {
    const shopper = await createUser(t.app);
    const listId = await createWeeklyList(shopper);
    // Read (and cache) the dashboard first: using a plan must still show on the next visit.
    expect((await getSavings(shopper)).month.plans_used).toBe(0);
    expect((await usePlan(shopper, listId)).statusCode).toBe(201);
    expect((await getSavings(shopper)).month.plans_used).toBe(1);
    expect((await usePlan(shopper, listId)).statusCode).toBe(201);
    const savings = await getSavings(shopper);
    expect(savings.month).toMatchObject({ plans_used: 1, split_cart_cents: EAST_CENTS - PLAN_CENTS });
  });

  it('keeps plans private: another shopper’s list answers 404 and their dashboard shows none of it', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const listId = await createWeeklyList(owner);
    expect((await usePlan(stranger, listId)).statusCode).toBe(404);
    expect((await usePlan(owner, listId)).statusCode).toBe(201);
    expect((await getSavings(stranger)).year).toEqual({ deals_cents: 0, split_cart_cents: 0, total_cents: 0, plans_used: 0 });
    expect((await t.app.inject({ method: 'POST', url: `/api/lists/not-an-id/plans`, headers: asUser(owner) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/lists/${listId}/plans` })).statusCode).toBe(401);
  });

  it('refuses a plan with nothing to buy with a clear message', async () => {
    const shopper = await createUser(t.app);
    const listId = await createList(t.app, shopper, [], 'Empty');
    const res = await usePlan(shopper, listId);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/nothing to buy/);
  });
});
