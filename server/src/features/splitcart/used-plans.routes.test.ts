import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDashboard, ZUsedPlan } from '@cartwise/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { createId, nowIso } from '../../db/ids';

let t: TestApp;
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

// North is cheap for produce but has no cheese, South is the best single store, East is dear but complete.
const PRICES = `product,brand,size,category,chain,store,address,city,price,date
Milk,Farm,1 gal,Dairy,Northco,North,1 North Rd,Town,4.00,${today}
Milk,Farm,1 gal,Dairy,Southco,South,2 South Rd,Town,2.50,${today}
Milk,Farm,1 gal,Dairy,Eastco,East,3 East Rd,Town,4.20,${today}
Apples,,1 lb,Produce,Northco,North,1 North Rd,Town,1.00,${today}
Apples,,1 lb,Produce,Southco,South,2 South Rd,Town,2.80,${today}
Apples,,1 lb,Produce,Eastco,East,3 East Rd,Town,2.90,${today}
Cheese,Farm,8 oz,Dairy,Southco,South,2 South Rd,Town,3.00,${today}
Cheese,Farm,8 oz,Dairy,Eastco,East,3 East Rd,Town,3.50,${today}
`;
// With trips at 1.00: the plan is Apples at North, Milk and Cheese at South = 13.00 + 2.00.
const PLAN_CENTS = 1500;
const SOUTH_CENTS = 500 + 1400 + 300 + 100;
const EAST_CENTS = 840 + 1450 + 350 + 100;
const QUERY = 'tripCostCents=100&maxStores=any';

let storeIds: Record<string, string>;

async function createList(user: TestUser): Promise<string> {
  const products = await t.app.db.selectFrom('products').select(['id', 'name']).execute();
  const listId = createId();
  await t.app.db
    .insertInto('shopping_lists')
    .values({ id: listId, user_id: user.id, name: 'Weekly', created_at: nowIso(), updated_at: nowIso() })
    .execute();
  for (const [position, [name, quantity]] of (
    [
      ['Milk', 2],
      ['Apples', 5],
      ['Cheese', 1],
    ] as const
  ).entries()) {
    const productId = products.find((p) => p.name === name)!.id;
    await t.app.db
      .insertInto('list_items')
      .values({
        id: createId(),
        list_id: listId,
        position,
        name,
        quantity,
        product_id: productId,
        unit: null,
        category: null,
        created_at: nowIso(),
      })
      .execute();
  }
  return listId;
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
  const admin = await createAdmin(t.app);
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/admin/price-book/import',
    headers: asUser(admin),
    payload: { kind: 'csv', content: PRICES },
  });
  expect(imported.statusCode, imported.body).toBe(200);
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
    const listId = await createList(shopper);

    const res = await usePlan(shopper, listId);
    expect(res.statusCode, res.body).toBe(201);
    expect(ZUsedPlan.parse(res.json())).toMatchObject({
      listId,
      usedOn: today,
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
    const listId = await createList(shopper);
    const used = ZUsedPlan.parse((await usePlan(shopper, listId)).json());
    expect(used).toMatchObject({ usualStoreName: 'East', usualTotalCents: EAST_CENTS, savingsCents: EAST_CENTS - PLAN_CENTS });
  });

  it('replaces a plan used again for the same list the same day instead of counting it twice', async () => {
    const shopper = await createUser(t.app);
    const listId = await createList(shopper);
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
    const listId = await createList(owner);
    expect((await usePlan(stranger, listId)).statusCode).toBe(404);
    expect((await usePlan(owner, listId)).statusCode).toBe(201);
    expect((await getSavings(stranger)).year).toEqual({ deals_cents: 0, split_cart_cents: 0, total_cents: 0, plans_used: 0 });
    expect((await t.app.inject({ method: 'POST', url: `/api/lists/not-an-id/plans`, headers: asUser(owner) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/lists/${listId}/plans` })).statusCode).toBe(401);
  });

  it('refuses a plan with nothing to buy with a clear message', async () => {
    const shopper = await createUser(t.app);
    const listId = createId();
    await t.app.db
      .insertInto('shopping_lists')
      .values({ id: listId, user_id: shopper.id, name: 'Empty', created_at: nowIso(), updated_at: nowIso() })
      .execute();
    const res = await usePlan(shopper, listId);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/nothing to buy/);
  });
});
