import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsApi, householdsApi, listRecentMonths, ZInflationIndex, getTodayIso, receiptsApi } from '@cartwise/contracts';
import { callRoute } from '../../test/call-route';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { importPriceBook, THREE_STORE_PRICES } from '../../test/priced-lists';

let t: TestApp;
let productIds: Map<string, string>;
// The last three calendar months, oldest first (yyyy-mm).
const [first, second, third] = listRecentMonths(getTodayIso(), 3) as [string, string, string];

beforeAll(async () => {
  t = await createTestApp();
  productIds = await importPriceBook(t.app, THREE_STORE_PRICES);
});
afterAll(async () => {
  await t.close();
});

async function addReceipt(user: TestUser, month: string, items: { product: string; quantity: number; price: number; discount?: number }[]) {
  const res = await callRoute(t.app, receiptsApi.create, {
    headers: asUser(user),
    body: {
      storeName: 'Corner shop',
      date: `${month}-02`,
      items: items.map((item) => ({
        name: item.product.toUpperCase(),
        quantity: item.quantity,
        price: item.price,
        discount: item.discount,
        productId: productIds.get(item.product),
      })),
      total: items.reduce((sum, item) => sum + item.price - (item.discount ?? 0), 0),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('GET /api/analytics/inflation', () => {
  it('chains the shopper’s unit prices month to month over what they bought in both, weighted by spend', async () => {
    const shopper = await createUser(t.app);
    await addReceipt(shopper, first, [
      { product: 'Farm Milk', quantity: 2, price: 4 },
      { product: 'Farm Cheese', quantity: 1, price: 3.5, discount: 0.5 },
    ]);
    // Milk 2.20 (x1.1) on 6.20 spent, cheese 3.00 (x1.0) on 6.00, apples new: (6.82 + 6.00) / 12.20 = 1.05082.
    await addReceipt(shopper, second, [
      { product: 'Farm Milk', quantity: 1, price: 2.2 },
      { product: 'Farm Cheese', quantity: 1, price: 3 },
      { product: 'Apples', quantity: 3, price: 5 },
    ]);
    // Apples 2.00 a pound against 1.6667 (x1.2) alone: 105.082 x 1.2 = 126.098.
    await addReceipt(shopper, third, [{ product: 'Apples', quantity: 1, price: 2 }]);
    const res = await callRoute(t.app, analyticsApi.inflation, { headers: asUser(shopper) });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZInflationIndex.parse(res.json())).toEqual({
      months: [
        { month: first, index: 100, basketSize: 0 },
        { month: second, index: 105.1, basketSize: 2 },
        { month: third, index: 126.1, basketSize: 1 },
      ],
    });
    // Another shopper's index is their own: empty.
    const stranger = await createUser(t.app);
    const theirs = await callRoute(t.app, analyticsApi.inflation, { headers: asUser(stranger) });
    expect(theirs.json()).toEqual({ months: [] });
  });

  it('indexes what the household’s current members buy, and only the index figures leave', async () => {
    const [owner, member, outsider] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const household = (await callRoute(t.app, householdsApi.create, { headers: asUser(owner), body: { name: 'Home' } })).json();
    const invite = await callRoute(t.app, householdsApi.createInvite, { params: { id: household.id }, headers: asUser(owner) });
    const joined = await callRoute(t.app, householdsApi.join, { headers: asUser(member), body: { code: invite.json().code } });
    expect(joined.statusCode, joined.body).toBe(200);
    // The owner bought milk at 2.00 a gallon, the member at 2.50 the next month; an outsider's dear milk is no one's here.
    await addReceipt(owner, first, [{ product: 'Farm Milk', quantity: 1, price: 2 }]);
    await addReceipt(member, second, [{ product: 'Farm Milk', quantity: 1, price: 2.5 }]);
    await addReceipt(outsider, second, [{ product: 'Farm Milk', quantity: 1, price: 9 }]);
    const read = async (user: TestUser) => (await callRoute(t.app, analyticsApi.inflation, { headers: asUser(user) })).json();
    const together = {
      months: [
        { month: first, index: 100, basketSize: 0 },
        { month: second, index: 125, basketSize: 1 },
      ],
    };
    // Equal to the letter: only the month, the index and how many products were compared; no price, receipt or member.
    expect(await read(owner)).toEqual(together);
    expect(await read(member)).toEqual(together);

    // Once the member leaves, each index is the shopper's own again.
    const left = await callRoute(t.app, householdsApi.leave, { params: { id: household.id }, headers: asUser(member) });
    expect(left.statusCode, left.body).toBe(204);
    expect(await read(owner)).toEqual({ months: [{ month: first, index: 100, basketSize: 0 }] });
    expect(await read(member)).toEqual({ months: [{ month: second, index: 100, basketSize: 0 }] });
  });

  it('answers 401 signed out and 400 for a bad window', async () => {
    const shopper = await createUser(t.app);
    expect((await callRoute(t.app, analyticsApi.inflation)).statusCode).toBe(401);
    expect((await callRoute(t.app, analyticsApi.inflation, { query: { months: '0' }, headers: asUser(shopper) })).statusCode).toBe(400);
  });
});
