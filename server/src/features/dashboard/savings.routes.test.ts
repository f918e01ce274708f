import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZDashboard,
  ZFinishedTrip,
  ZSavingsLedger,
  ZUsedPlan,
  savingsApi,
  dashboardApi,
  receiptsApi,
  splitCartApi,
  listsApi,
} from '@cartwise/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { createList, importPriceBook, THREE_STORE_PRICES, TODAY } from '../../test/priced-lists';
import { callRoute, callRouteWithBadInput } from '../../test/call-route';

let t: TestApp;
let productIds: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  productIds = await importPriceBook(t.app, THREE_STORE_PRICES);
});
afterAll(async () => {
  await t.close();
});

async function finishTrip(
  user: TestUser,
  items: { name: string; product: string }[],
): Promise<{ id: string; savingsCents: number; spentCents: number }> {
  const listId = await createList(
    t.app,
    user,
    items.map((item) => ({ name: item.name, quantity: 1, productId: productIds.get(item.product) })),
  );
  const used = await callRoute(t.app, splitCartApi.usePlan, {
    params: { id: listId },
    query: { maxStores: 'any', tripCostCents: '100' },
    headers: asUser(user),
  });
  expect(used.statusCode, used.body).toBe(201);
  const list = (await callRoute(t.app, listsApi.detail, { params: { id: listId }, headers: asUser(user) })).json();
  for (const item of list.items) {
    await callRoute(t.app, listsApi.updateItem, {
      params: { id: listId, itemId: item.id },
      headers: asUser(user),
      body: { is_checked: true },
    });
  }
  const planId = ZUsedPlan.parse(used.json()).id;
  const done = await callRoute(t.app, splitCartApi.finishPlan, { params: { planId }, headers: asUser(user) });
  expect(done.statusCode, done.body).toBe(200);
  const finished = ZFinishedTrip.parse(done.json());
  return { id: planId, savingsCents: finished.savingsCents, spentCents: finished.spentCents };
}

async function getLedger(user: TestUser, period: 'month' | 'year' = 'month') {
  const res = await callRoute(t.app, savingsApi.ledger, { query: { period }, headers: asUser(user) });
  expect(res.statusCode, res.body).toBe(200);
  return ZSavingsLedger.parse(res.json());
}

describe('GET /api/savings', () => {
  it('lists every finished trip and receipt saving behind the dashboard’s figure, and they add up to it', async () => {
    const shopper = await createUser(t.app);
    const first = await finishTrip(shopper, [
      { name: 'Apples', product: 'Apples' },
      { name: 'Milk', product: 'Farm Milk' },
    ]);
    const second = await finishTrip(shopper, [
      { name: 'Apples', product: 'Apples' },
      { name: 'Cheese', product: 'Farm Cheese' },
    ]);
    // A started trip that is not finished is not in the ledger.
    const openList = await createList(t.app, shopper, [{ name: 'Apples', quantity: 1, productId: productIds.get('Apples') }]);
    expect((await callRoute(t.app, splitCartApi.usePlan, { params: { id: openList }, headers: asUser(shopper) })).statusCode).toBe(201);
    const receipt = await callRoute(t.app, receiptsApi.create, {
      headers: asUser(shopper),
      body: { storeName: 'Corner shop', date: TODAY, items: [{ name: 'BREAD', price: 3, discount: 0.75 }], total: 2.25 },
    });
    expect(receipt.statusCode, receipt.body).toBe(201);

    const ledger = await getLedger(shopper);
    expect(ledger.period).toBe('month');
    expect(ledger.from <= TODAY && TODAY < ledger.to).toBe(true);
    expect(ledger.trips.map((trip) => [trip.id, trip.savingsCents])).toEqual([
      [second.id, second.savingsCents],
      [first.id, first.savingsCents],
    ]);
    expect(ledger.trips.every((trip) => trip.usedOn === TODAY && trip.boughtCount === 2)).toBe(true);
    expect(ledger.receipts).toEqual([
      expect.objectContaining({ storeName: 'Corner shop', purchasedOn: TODAY, discountCents: 75, dealCents: 0, savingsCents: 75 }),
    ]);
    // Apples at North and the rest at South beat the best single store on each list, with trips at 1.00.
    const tripCents = first.savingsCents + second.savingsCents;
    expect(first.savingsCents).toBeGreaterThan(0);
    expect(second.savingsCents).toBeGreaterThan(0);
    expect(ledger.totals).toEqual({ deals_cents: 75, split_cart_cents: tripCents, total_cents: 75 + tripCents, plans_used: 2 });

    const dashboard = ZDashboard.parse((await callRoute(t.app, dashboardApi.get, { headers: asUser(shopper) })).json());
    expect(dashboard.savings.month).toEqual(ledger.totals);
    // The month's spend is the receipt's total and what the two finished trips spent, which no receipt shows.
    expect(first.spentCents).toBeGreaterThan(0);
    expect(dashboard.spend_this_month_cents).toBe(225 + first.spentCents + second.spentCents);
    expect(dashboard.receipts_this_month).toBe(1);
    expect((await getLedger(shopper, 'year')).totals).toEqual(dashboard.savings.year);
  });

  it('shows each shopper only their own savings, and refuses the anonymous and a bad period', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    await finishTrip(owner, [{ name: 'Apples', product: 'Apples' }]);
    const theirs = await getLedger(stranger, 'year');
    expect(theirs.trips).toEqual([]);
    expect(theirs.receipts).toEqual([]);
    expect(theirs.totals.total_cents).toBe(0);
    expect((await callRoute(t.app, savingsApi.ledger)).statusCode).toBe(401);
    const bad = await callRouteWithBadInput(t.app, savingsApi.ledger, { query: { period: 'week' }, headers: asUser(owner) });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().message).toMatch(/month or year/);
  });
});
