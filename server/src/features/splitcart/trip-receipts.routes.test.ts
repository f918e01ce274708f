import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZFinishedTrip,
  ZReceipt,
  ZSavingsLedger,
  ZUsedPlan,
  type TCreateReceipt,
  addDaysIso,
  dashboardApi,
  getTodayIso,
  listsApi,
  receiptsApi,
  savingsApi,
  splitCartApi,
} from '@cartwise/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { createList, importPriceBook, THREE_STORE_PRICES, TODAY } from '../../test/priced-lists';
import { callRoute } from '../../test/call-route';

let t: TestApp;
let productIds: Map<string, string>;
let storeIds: Record<string, string>;
const daysAgo = (days: number) => addDaysIso(getTodayIso(), -days);

// THREE_STORE_PRICES with trips at 1.00: Apples x5 at North (5.00), Milk x2 (5.00) and Cheese (3.00) at South, two
// trips: 15.00 planned. South alone: 5.00 + 14.00 + 3.00 + 1.00 = 23.00, so the plan saves at most 8.00.
const QUERY = { tripCostCents: '100', maxStores: 'any' } as const;

beforeAll(async () => {
  t = await createTestApp();
  productIds = await importPriceBook(t.app, THREE_STORE_PRICES);
  const stores = await t.app.db.selectFrom('store_locations').select(['id', 'name']).execute();
  storeIds = Object.fromEntries(stores.map((s) => [s.name, s.id]));
});
afterAll(async () => {
  await t.close();
});

async function startTrip(user: TestUser): Promise<{ listId: string; planId: string }> {
  const listId = await createList(t.app, user, [
    { name: 'Milk', quantity: 2, productId: productIds.get('Farm Milk') },
    { name: 'Apples', quantity: 5, productId: productIds.get('Apples') },
    { name: 'Cheese', quantity: 1, productId: productIds.get('Farm Cheese') },
  ]);
  const res = await callRoute(t.app, splitCartApi.usePlan, {
    params: { id: listId },
    query: QUERY,
    headers: asUser(user),
  });
  expect(res.statusCode, res.body).toBe(201);
  const list = (await callRoute(t.app, listsApi.detail, { params: { id: listId }, headers: asUser(user) })).json();
  for (const item of list.items) {
    const tick = await callRoute(t.app, listsApi.updateItem, {
      params: { id: listId, itemId: item.id },
      headers: asUser(user),
      body: { is_checked: true },
    });
    expect(tick.statusCode, tick.body).toBe(200);
  }
  return { listId, planId: ZUsedPlan.parse(res.json()).id };
}

async function finish(user: TestUser, planId: string) {
  const res = await callRoute(t.app, splitCartApi.finishPlan, { params: { planId }, headers: asUser(user) });
  expect(res.statusCode, res.body).toBe(200);
  return ZFinishedTrip.parse(res.json());
}

async function addReceipt(user: TestUser, store: string, date: string, items: TCreateReceipt['items']): Promise<string> {
  const total = items.reduce((sum, item) => sum + item.price - (item.discount ?? 0), 0);
  const res = await callRoute(t.app, receiptsApi.create, {
    headers: asUser(user),
    body: { storeName: store, storeId: storeIds[store], date, items, total },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZReceipt.parse(res.json()).id;
}

async function readTrip(user: TestUser, planId: string) {
  const res = await callRoute(t.app, savingsApi.ledger, { query: { period: 'month' }, headers: asUser(user) });
  expect(res.statusCode, res.body).toBe(200);
  const trip = ZSavingsLedger.parse(res.json()).trips.find((entry) => entry.id === planId);
  expect(trip).toBeDefined();
  return trip!;
}

async function readMonthSpend(user: TestUser): Promise<number> {
  return (await callRoute(t.app, dashboardApi.get, { headers: asUser(user) })).json().spend_this_month_cents;
}

describe('a receipt matched to a finished trip', () => {
  it('prices the trip’s lines at its store at what was paid, store by store, and lets go when deleted', async () => {
    const shopper = await createUser(t.app);
    const { planId } = await startTrip(shopper);
    expect(await finish(shopper, planId)).toMatchObject({ spentCents: 1500, savingsCents: 800, boughtCount: 3 });

    // Another day's receipt at North is not this trip's.
    await addReceipt(shopper, 'North', daysAgo(10), [{ name: 'APPLES', quantity: 5, price: 4, productId: productIds.get('Apples') }]);
    expect(await readTrip(shopper, planId)).toMatchObject({ spentCents: 1500, savingsCents: 800, receiptCount: 0 });

    // Apples paid 7.00 less 0.50 at North: 6.50 + 5.00 + 3.00 + two trips = 16.50; 23.00 - 16.50 = 6.50 saved.
    const north = await addReceipt(shopper, 'North', TODAY, [
      { name: 'APPLES 5LB', quantity: 5, price: 7, discount: 0.5, productId: productIds.get('Apples') },
    ]);
    expect(await readTrip(shopper, planId)).toMatchObject({ spentCents: 1650, savingsCents: 650, receiptCount: 1 });

    // Milk paid 4.00 at South; no line of that receipt is the cheese, so it keeps its planned 3.00: 6.50 + 4.00 + 3.00 + 2.00.
    await addReceipt(shopper, 'South', TODAY, [
      { name: 'FARM MILK', quantity: 2, price: 4, productId: productIds.get('Farm Milk') },
      { name: 'DELI COUNTER 0042', quantity: 1, price: 2.2 },
    ]);
    expect(await readTrip(shopper, planId)).toMatchObject({ spentCents: 1550, savingsCents: 750, receiptCount: 2 });

    // A second North receipt that day does not replace the first.
    const secondNorth = await addReceipt(shopper, 'North', TODAY, [
      { name: 'APPLES', quantity: 5, price: 1, productId: productIds.get('Apples') },
    ]);
    expect(await readTrip(shopper, planId)).toMatchObject({ spentCents: 1550, receiptCount: 2 });

    // Without the first North receipt the day's other North receipt takes its place at once: apples 1.00, so
    // 1.00 + 4.00 + 3.00 + 2.00 = 10.00, 13.00 below South, capped at the plan's 8.00.
    const removed = await callRoute(t.app, receiptsApi.remove, { params: { id: north }, headers: asUser(shopper) });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await readTrip(shopper, planId)).toMatchObject({ spentCents: 1000, savingsCents: 800, receiptCount: 2 });

    // With no North receipt left the trip falls back to the planned 5.00 there: 5.00 + 4.00 + 3.00 + 2.00 = 14.00.
    expect((await callRoute(t.app, receiptsApi.remove, { params: { id: secondNorth }, headers: asUser(shopper) })).statusCode).toBe(204);
    expect(await readTrip(shopper, planId)).toMatchObject({ spentCents: 1400, savingsCents: 800, receiptCount: 1 });
  });

  it('lets the day’s other receipt of a store price the trip when the matched one moves to another day', async () => {
    const shopper = await createUser(t.app);
    const { planId } = await startTrip(shopper);
    await finish(shopper, planId);
    const first = await addReceipt(shopper, 'South', TODAY, [
      { name: 'MILK', quantity: 2, price: 4, productId: productIds.get('Farm Milk') },
    ]);
    await addReceipt(shopper, 'South', TODAY, [{ name: 'MILK', quantity: 2, price: 6, productId: productIds.get('Farm Milk') }]);
    // The first South receipt prices milk at 4.00: 5.00 + 4.00 + 3.00 + 2.00 = 14.00.
    expect(await readTrip(shopper, planId)).toMatchObject({ spentCents: 1400, receiptCount: 1 });
    const moved = await callRoute(t.app, receiptsApi.update, {
      params: { id: first },
      headers: asUser(shopper),
      body: { date: daysAgo(10) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The other one (milk 6.00) takes its place: 5.00 + 6.00 + 3.00 + 2.00 = 16.00.
    expect(await readTrip(shopper, planId)).toMatchObject({ spentCents: 1600, receiptCount: 1 });
  });
});

/** A new app whose price book holds only the three stores' prices: receipts add observations of their own. */
async function startOnFreshPriceBook(): Promise<void> {
  await t.close();
  t = await createTestApp();
  productIds = await importPriceBook(t.app, THREE_STORE_PRICES);
  const stores = await t.app.db.selectFrom('store_locations').select(['id', 'name']).execute();
  storeIds = Object.fromEntries(stores.map((s) => [s.name, s.id]));
}

// Receipts are price observations too: a fresh price book, so the plan is the one computed above.
describe('a receipt saved before the trip finished', () => {
  beforeAll(startOnFreshPriceBook);

  it('prices the trip when it finishes, and another shopper’s receipt never does', async () => {
    const shopper = await createUser(t.app);
    const stranger = await createUser(t.app);
    const { planId } = await startTrip(shopper);
    await addReceipt(stranger, 'North', TODAY, [{ name: 'APPLES', quantity: 5, price: 3, productId: productIds.get('Apples') }]);
    await addReceipt(shopper, 'South', TODAY, [{ name: 'MILK', quantity: 2, price: 6, productId: productIds.get('Farm Milk') }]);
    // Milk 6.00 instead of 5.00: 5.00 + 6.00 + 3.00 + 2.00 = 16.00; 23.00 - 16.00 = 7.00.
    expect(await finish(shopper, planId)).toMatchObject({ spentCents: 1600, savingsCents: 700, plannedCents: 1500 });
    expect(await readTrip(shopper, planId)).toMatchObject({ spentCents: 1600, receiptCount: 1 });
  });
});

describe('the dashboard’s month spend', () => {
  // Receipts feed the price book, so this runs on a fresh one.
  beforeAll(startOnFreshPriceBook);

  it('counts the month spend at its store through the receipt only, and the trip’s other stores as planned', async () => {
    const shopper = await createUser(t.app);
    const { planId } = await startTrip(shopper);
    await finish(shopper, planId);
    // No receipt yet: the trip's planned lines with a trip each, 6.00 at North and 9.00 at South.
    expect(await readMonthSpend(shopper)).toBe(1500);

    // Apples paid 7.00 at North: the receipt's 7.00 stands for North's lines and trip, South still counts 9.00.
    await addReceipt(shopper, 'North', TODAY, [{ name: 'APPLES', quantity: 5, price: 7, productId: productIds.get('Apples') }]);
    expect(await readMonthSpend(shopper)).toBe(700 + 900);

    // With South's receipt too, the month is the two receipts and nothing of the plan: 7.00 + 8.40.
    await addReceipt(shopper, 'South', TODAY, [
      { name: 'FARM MILK', quantity: 2, price: 5.4, productId: productIds.get('Farm Milk') },
      { name: 'FARM CHEESE', quantity: 1, price: 3, productId: productIds.get('Farm Cheese') },
    ]);
    expect(await readMonthSpend(shopper)).toBe(700 + 840);
  });
});
