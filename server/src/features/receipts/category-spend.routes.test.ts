import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCategorySpend, receiptsApi, type RouteQuery } from '@cartwise/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { createProduct } from '../deals/deals-test-helpers';
import { buildCheeseAndTowels, buildReceipt, insertDeal, saveReceipt } from '../../test/receipts';
import { callRoute } from '../../test/call-route';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function readSpend(user: TestUser, query: RouteQuery<typeof receiptsApi.categorySpend>) {
  const res = await callRoute(t.app, receiptsApi.categorySpend, { query, headers: asUser(user) });
  expect(res.statusCode, res.body).toBe(200);
  return ZCategorySpend.parse(res.json());
}

describe('spend by category over several receipts, stores of one chain and deals', () => {
  it("counts only the shopper's own lines in the period and the deals that ran where and when they bought", async () => {
    const shopper = await createUser(t.app);
    const stranger = await createUser(t.app);
    // In the shared catalogue, so both shoppers' lines link to it (a product a receipt makes is its shopper's own).
    const towels = await createProduct(t.app, 'Paper Towels 6ct', 'Household');
    const first = await saveReceipt(t.app, shopper, buildCheeseAndTowels('Corner Shop #1', '2026-07-05'));
    const second = await saveReceipt(
      t.app,
      shopper,
      buildReceipt('Corner Shop #2', '2026-07-20', [
        // Paid above the sale price: the deal did not apply to this one.
        { name: 'Paper Towels 6ct', quantity: 1, price: 6.5 },
        { name: 'Paper Towels 6ct', quantity: 1, price: 5 },
      ]),
    );
    // Outside the period, and another shopper's line at the deal's own store.
    await saveReceipt(t.app, shopper, buildReceipt('Corner Shop #1', '2026-09-01', [{ name: 'Paper Towels 6ct', quantity: 1, price: 5 }]));
    await saveReceipt(
      t.app,
      stranger,
      buildReceipt('Corner Shop #1', '2026-07-06', [{ name: 'Paper Towels 6ct', quantity: 3, price: 15 }]),
    );
    expect(first.items[1]!.productId).toBe(towels);
    expect(second.items.map((item) => item.productId)).toEqual([towels, towels]);
    expect(second.chainName).toBe(first.chainName);
    // At the first store; the second shares its chain. A pending deal and one that had ended save nothing.
    await insertDeal(t.app, {
      storeId: first.storeId,
      productId: towels,
      sale: 500,
      original: 650,
      from: '2026-07-01',
      to: '2026-07-31',
      status: 'approved',
    });
    await insertDeal(t.app, {
      storeId: first.storeId,
      productId: towels,
      sale: 400,
      original: 900,
      from: '2026-07-01',
      to: '2026-07-31',
      status: 'pending',
    });
    await insertDeal(t.app, {
      storeId: first.storeId,
      productId: towels,
      sale: 450,
      original: 950,
      from: '2026-06-01',
      to: '2026-06-30',
      status: 'approved',
    });

    const spend = await readSpend(shopper, { from: '2026-07-01', to: '2026-07-31' });
    expect(spend.totalSpend).toBe(23.5);
    expect(spend.categories).toEqual([
      { category: 'Household', total: 21.5, itemCount: 3, share: 0.91 },
      { category: 'Dairy & eggs', total: 2, itemCount: 1, share: 0.09 },
    ]);
    // Discounts 1.00; deals 1.50 x 2 at the first store and 1.50 x 1 at the second.
    expect(spend.savedOnDeals).toEqual({ discounts: 1, dealSavings: 4.5, total: 5.5 });

    const everything = await readSpend(shopper, {});
    expect(everything.totalSpend).toBe(28.5);
    expect(everything.categories.map((c) => [c.category, c.itemCount])).toEqual([
      ['Household', 4],
      ['Dairy & eggs', 1],
    ]);
    expect(everything.savedOnDeals.dealSavings).toBe(4.5);

    const strangers = await readSpend(stranger, { from: '2026-07-01', to: '2026-07-31' });
    expect(strangers.totalSpend).toBe(15);
    expect(strangers.savedOnDeals).toEqual({ discounts: 0, dealSavings: 4.5, total: 4.5 });
  });

  it('answers zeros for a shopper without receipts', async () => {
    const shopper = await createUser(t.app);
    expect(await readSpend(shopper, { from: '2026-01-01', to: '2026-12-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
      totalSpend: 0,
      categories: [],
      savedOnDeals: { discounts: 0, dealSavings: 0, total: 0 },
    });
  });
});
