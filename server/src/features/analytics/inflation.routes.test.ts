import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRecentMonths, ZInflationIndex, getTodayIso } from '@cartwise/contracts';
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
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/receipts',
    headers: asUser(user),
    payload: {
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
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics/inflation', headers: asUser(shopper) });
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
    const theirs = await t.app.inject({ method: 'GET', url: '/api/analytics/inflation', headers: asUser(stranger) });
    expect(theirs.json()).toEqual({ months: [] });
  });

  it('answers 401 signed out and 400 for a bad window', async () => {
    const shopper = await createUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/inflation' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/inflation?months=0', headers: asUser(shopper) })).statusCode).toBe(
      400,
    );
  });
});
