import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZRecommendationPlan, ZUsedPlan, listsApi, splitCartApi } from '@cartwise/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { createList, importPriceBook, THREE_STORE_PRICES } from '../../test/priced-lists';
import { callRoute, callRouteWithBadInput } from '../../test/call-route';

let t: TestApp;
let productIds: Map<string, string>;
let storeIds: Record<string, string>;
// South alone sells all three: the plan is one stop there.
let query: string;

beforeAll(async () => {
  t = await createTestApp();
  productIds = await importPriceBook(t.app, THREE_STORE_PRICES);
  const stores = await t.app.db.selectFrom('store_locations').select(['id', 'name']).execute();
  storeIds = Object.fromEntries(stores.map((s) => [s.name, s.id]));
  query = `storeIds=${storeIds.South}&maxStores=1`;
});
afterAll(async () => {
  await t.close();
});

function createWeeklyList(user: TestUser): Promise<string> {
  return createList(t.app, user, [
    { name: 'Milk', quantity: 1, productId: productIds.get('Farm Milk') },
    { name: 'Apples', quantity: 1, productId: productIds.get('Apples') },
    { name: 'Cheese', quantity: 1, productId: productIds.get('Farm Cheese') },
  ]);
}

async function readItemIds(user: TestUser, listId: string): Promise<Record<string, string>> {
  const res = await callRoute(t.app, listsApi.detail, { params: { id: listId }, headers: asUser(user) });
  return Object.fromEntries(res.json().items.map((item) => [item.name, item.id]));
}

function tick(user: TestUser, listId: string, itemId: string, payload: Record<string, unknown>) {
  return callRoute(t.app, listsApi.updateItem, { params: { id: listId, itemId }, headers: asUser(user), body: payload });
}

async function planOrder(user: TestUser, listId: string): Promise<string[]> {
  const res = await callRouteWithBadInput(t.app, splitCartApi.recommendations, {
    params: { id: listId },
    query: query,
    headers: asUser(user),
  });
  expect(res.statusCode, res.body).toBe(200);
  const plan = ZRecommendationPlan.parse(res.json());
  expect(plan.stops.map((stop) => stop.store.name)).toEqual(['South']);
  return plan.stops[0]!.lines.map((line) => line.name);
}

/** Starts a trip on a new list, ticks its items at South in this order and finishes it. */
async function shopInOrder(user: TestUser, order: string[]): Promise<void> {
  const listId = await createWeeklyList(user);
  const used = await callRouteWithBadInput(t.app, splitCartApi.usePlan, {
    params: { id: listId },
    query: query,
    headers: asUser(user),
  });
  expect(used.statusCode, used.body).toBe(201);
  const ids = await readItemIds(user, listId);
  for (const name of order) {
    const res = await tick(user, listId, ids[name]!, { is_checked: true, checked_at_store_id: storeIds.South });
    expect(res.statusCode, res.body).toBe(200);
  }
  const done = await callRoute(t.app, splitCartApi.finishPlan, {
    params: { planId: ZUsedPlan.parse(used.json()).id },
    headers: asUser(user),
  });
  expect(done.statusCode, done.body).toBe(200);
}

describe('aisle order learned per store', () => {
  it('orders the next plan’s lines at a store as the shopper ticked them there, the newest trip weighing most', async () => {
    const shopper = await createUser(t.app);
    const stranger = await createUser(t.app);
    const next = await createWeeklyList(shopper);
    // Nothing learned yet: the lines come in the list's order.
    expect(await planOrder(shopper, next)).toEqual(['Milk', 'Apples', 'Cheese']);

    await shopInOrder(shopper, ['Cheese', 'Apples', 'Milk']);
    expect(await planOrder(shopper, next)).toEqual(['Cheese', 'Apples', 'Milk']);

    // A newer trip: Apples (1/6 x 1 + 1/2 x 0.5) / 1.5 = 0.28, Cheese (1/2 + 1/6 x 0.5) / 1.5 = 0.39, Milk 5/6.
    await shopInOrder(shopper, ['Apples', 'Cheese', 'Milk']);
    expect(await planOrder(shopper, next)).toEqual(['Apples', 'Cheese', 'Milk']);

    // Another shopper's walk is their own.
    expect(await planOrder(stranger, await createWeeklyList(stranger))).toEqual(['Milk', 'Apples', 'Cheese']);
  });

  it('refuses a tick at a store the trip does not visit, an unknown store, or without is_checked', async () => {
    const shopper = await createUser(t.app);
    const listId = await createWeeklyList(shopper);
    const ids = await readItemIds(shopper, listId);
    // No trip under way: any store Cartwise knows, and an unknown one is a 404.
    const unknown = await tick(shopper, listId, ids.Milk!, {
      is_checked: true,
      checked_at_store_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await tick(shopper, listId, ids.Milk!, { is_checked: false, checked_at_store_id: storeIds.South })).statusCode).toBe(400);
    expect((await tick(shopper, listId, ids.Milk!, { checked_at_store_id: storeIds.South })).statusCode).toBe(400);
    expect((await tick(shopper, listId, ids.Milk!, { is_checked: true, checked_at_store_id: 'north' })).statusCode).toBe(400);

    expect(
      (await callRouteWithBadInput(t.app, splitCartApi.usePlan, { params: { id: listId }, query: query, headers: asUser(shopper) }))
        .statusCode,
    ).toBe(201);
    const elsewhere = await tick(shopper, listId, ids.Milk!, { is_checked: true, checked_at_store_id: storeIds.North });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.error().message).toMatch(/not one of this trip/);
    // Refused ticks changed nothing.
    const list = await callRoute(t.app, listsApi.detail, { params: { id: listId }, headers: asUser(shopper) });
    expect(list.json().items.every((item) => !item.is_checked)).toBe(true);
    expect((await tick(shopper, listId, ids.Milk!, { is_checked: true, checked_at_store_id: storeIds.South })).statusCode).toBe(200);
  });

  it('refuses a tick against a replaced plan’s store with a code the app resends on without the store, losing nothing', async () => {
    const shopper = await createUser(t.app);
    const listId = await createWeeklyList(shopper);
    const ids = await readItemIds(shopper, listId);
    const startTrip = (storeQuery: string) =>
      callRouteWithBadInput(t.app, splitCartApi.usePlan, { params: { id: listId }, query: storeQuery, headers: asUser(shopper) });
    expect((await startTrip(query)).statusCode).toBe(201);
    // A partner replaces the South trip with an East one while the shopper's South tick waits offline.
    const replaced = await startTrip(`storeIds=${storeIds.East}&maxStores=1`);
    expect(replaced.statusCode, replaced.body).toBe(201);

    const stale = await tick(shopper, listId, ids.Milk!, { is_checked: true, checked_at_store_id: storeIds.South });
    expect(stale.statusCode).toBe(422);
    expect(stale.error()).toMatchObject({ error: 'store_not_in_plan' });
    // The web outbox (offline/outbox-replay.ts: sendListItemPatch) sends the tick again without the store.
    const resent = await tick(shopper, listId, ids.Milk!, { is_checked: true });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ is_checked: true });
    const learned = await t.app.db.selectFrom('aisle_ticks').select('id').where('store_id', '=', storeIds.South!).execute();
    const beforeFinish = learned.length;

    // The tick counts on the trip that replaced it, once.
    const finished = await callRoute(t.app, splitCartApi.finishPlan, {
      params: { planId: ZUsedPlan.parse(replaced.json()).id },
      headers: asUser(shopper),
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toMatchObject({ boughtCount: 1 });
    expect(await t.app.db.selectFrom('aisle_ticks').select('id').where('store_id', '=', storeIds.South!).execute()).toHaveLength(
      beforeFinish,
    );
  });
});
