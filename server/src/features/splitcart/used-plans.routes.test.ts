import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDashboard, ZFinishedTrip, ZUsedPlan, addDaysIso, getTodayIso, dashboardApi, listsApi, splitCartApi } from '@cartwise/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { createList, importPriceBook, THREE_STORE_PRICES, TODAY } from '../../test/priced-lists';
import { createId, nowIso } from '../../db/ids';
import { callRoute } from '../../test/call-route';

let t: TestApp;
const daysAgo = (days: number) => addDaysIso(getTodayIso(), -days);

// THREE_STORE_PRICES, with trips at 1.00: the plan is Apples at North, Milk and Cheese at South = 13.00 + 2.00.
const PLAN_CENTS = 1500;
const SOUTH_CENTS = 500 + 1400 + 300 + 100;
const QUERY = { tripCostCents: '100', maxStores: 'any' } as const;

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
  return callRoute(t.app, splitCartApi.usePlan, { params: { id: listId }, query: QUERY, headers: asUser(user) });
}

async function getSavings(user: TestUser) {
  const res = await callRoute(t.app, dashboardApi.get, { headers: asUser(user) });
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

async function tick(user: TestUser, listId: string, names: string[]): Promise<void> {
  const list = (await callRoute(t.app, listsApi.detail, { params: { id: listId }, headers: asUser(user) })).json();
  for (const item of list.items.filter((i) => names.includes(i.name))) {
    const res = await callRoute(t.app, listsApi.updateItem, {
      params: { id: listId, itemId: item.id },
      headers: asUser(user),
      body: { is_checked: true },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

function finish(user: TestUser, planId: string) {
  return callRoute(t.app, splitCartApi.finishPlan, { params: { planId }, headers: asUser(user) });
}

describe('using a split-cart plan', () => {
  it('counts nothing when a trip starts, and the saving against the best single store when it finishes', async () => {
    const shopper = await createUser(t.app);
    await insertReceipt(shopper, 'South', daysAgo(10), 4000);
    const listId = await createWeeklyList(shopper);

    const res = await usePlan(shopper, listId);
    expect(res.statusCode, res.body).toBe(201);
    const used = ZUsedPlan.parse(res.json());
    expect(used).toMatchObject({ listId, usedOn: TODAY, totalCents: PLAN_CENTS, usualStoreName: 'South', savingsCents: 0 });
    expect((await getSavings(shopper)).month).toMatchObject({ split_cart_cents: 0, plans_used: 0 });

    await tick(shopper, listId, ['Milk', 'Apples', 'Cheese']);
    const done = await finish(shopper, used.id);
    expect(done.statusCode, done.body).toBe(200);
    // South is the best single store: the whole list there costs SOUTH_CENTS with its trip.
    expect(ZFinishedTrip.parse(done.json())).toEqual({
      savingsCents: SOUTH_CENTS - PLAN_CENTS,
      spentCents: PLAN_CENTS,
      plannedCents: PLAN_CENTS,
      boughtCount: 3,
    });
    const savings = await getSavings(shopper);
    expect(savings.month).toMatchObject({ split_cart_cents: SOUTH_CENTS - PLAN_CENTS, plans_used: 1, deals_cents: 0 });
    expect(savings.month.total_cents).toBe(savings.month.deals_cents + savings.month.split_cart_cents);

    // Finishing twice counts nothing twice.
    expect((await finish(shopper, used.id)).statusCode).toBe(409);
    expect((await getSavings(shopper)).month).toMatchObject({ split_cart_cents: SOUTH_CENTS - PLAN_CENTS, plans_used: 1 });
  });

  it('claims no saving for items bought where the best single store sells them anyway, and trips add up', async () => {
    const shopper = await createUser(t.app);
    const listId = await createWeeklyList(shopper);
    const first = ZUsedPlan.parse((await usePlan(shopper, listId)).json());
    // Milk and Cheese come from South, the best single store itself: no saving to show.
    await tick(shopper, listId, ['Milk', 'Cheese']);
    const partial = ZFinishedTrip.parse((await finish(shopper, first.id)).json());
    expect(partial).toMatchObject({ savingsCents: 0, boughtCount: 2, plannedCents: PLAN_CENTS });
    expect(partial.spentCents).toBeLessThan(PLAN_CENTS);

    // A second trip, with a whole list of its own, adds to the first instead of replacing it.
    const nextList = await createWeeklyList(shopper);
    const second = ZUsedPlan.parse((await usePlan(shopper, nextList)).json());
    expect(second.id).not.toBe(first.id);
    await tick(shopper, nextList, ['Milk', 'Apples', 'Cheese']);
    const rest = ZFinishedTrip.parse((await finish(shopper, second.id)).json());
    expect(rest).toMatchObject({ savingsCents: SOUTH_CENTS - PLAN_CENTS, boughtCount: 3 });
    expect((await getSavings(shopper)).month).toMatchObject({ split_cart_cents: rest.savingsCents, plans_used: 2 });
  });

  it('finishes only the shopper’s own plans', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const listId = await createWeeklyList(owner);
    const used = ZUsedPlan.parse((await usePlan(owner, listId)).json());
    expect((await finish(stranger, used.id)).statusCode).toBe(404);
    expect((await finish(owner, 'not-an-id')).statusCode).toBe(400);
    expect((await callRoute(t.app, splitCartApi.finishPlan, { params: { planId: used.id } })).statusCode).toBe(401);
    expect((await finish(owner, used.id)).statusCode).toBe(200);
  });

  it('clears the ticked items of a list, and answers 409 when nothing is ticked', async () => {
    const shopper = await createUser(t.app);
    const listId = await createWeeklyList(shopper);
    const clear = (user: TestUser) => callRoute(t.app, listsApi.clearChecked, { params: { id: listId }, headers: asUser(user) });
    const empty = await clear(shopper);
    expect(empty.statusCode).toBe(409);
    expect(JSON.parse(empty.raw.body)).toMatchObject({ error: 'nothing_ticked' });
    await tick(shopper, listId, ['Milk', 'Apples']);
    expect((await clear(await createUser(t.app))).statusCode).toBe(404);
    const res = await clear(shopper);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: 2 });
    const left = (await callRoute(t.app, listsApi.detail, { params: { id: listId }, headers: asUser(shopper) })).json();
    expect(left.items.map((i) => i.name)).toEqual(['Cheese']);
    expect((await clear(shopper)).statusCode).toBe(409);
  });

  it('keeps plans private: another shopper’s list answers 404 and their dashboard shows none of it', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const listId = await createWeeklyList(owner);
    expect((await usePlan(stranger, listId)).statusCode).toBe(404);
    expect((await usePlan(owner, listId)).statusCode).toBe(201);
    expect((await getSavings(stranger)).year).toEqual({ deals_cents: 0, split_cart_cents: 0, total_cents: 0, plans_used: 0 });
    expect((await t.app.inject({ method: 'POST', url: `/api/lists/not-an-id/plans`, headers: asUser(owner) })).statusCode).toBe(400);
    expect((await callRoute(t.app, splitCartApi.usePlan, { params: { id: listId } })).statusCode).toBe(401);
  });

  it('refuses a plan with nothing to buy with a clear message', async () => {
    const shopper = await createUser(t.app);
    const listId = await createList(t.app, shopper, [], 'Empty');
    const res = await usePlan(shopper, listId);
    expect(res.statusCode).toBe(422);
    expect(res.error().message).toMatch(/nothing to buy/);
  });
});
