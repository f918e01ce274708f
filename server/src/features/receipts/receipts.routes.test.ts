import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZCategorySpend,
  ZProductHistory,
  ZReceipt,
  ZReceiptJob,
  ZReceiptList,
  type TCreateReceipt,
  receiptsApi,
  productsApi,
  receiptJobsApi,
  type RouteQuery,
} from '@cartwise/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { runReceiptJobsOnce } from './receipt-worker';
import { callRoute } from '../../test/call-route';
import { buildCheeseAndTowels, buildReceipt, insertDeal, saveReceipt } from '../../test/receipts';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  stranger = await createUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const groceries: TCreateReceipt = {
  storeName: 'Fresh Mart #12',
  date: '2026-10-03',
  time: '18:22',
  items: [
    { name: 'Whole Milk 1 gal', quantity: 2, price: 7.98 },
    { name: 'White Bread', quantity: 1, price: 2.49, discount: 0.5 },
  ],
  tax: 0.8,
  total: 10.77,
};

describe('manual receipts', () => {
  it('refuses anonymous callers with 401', async () => {
    expect((await callRoute(t.app, receiptsApi.list)).statusCode).toBe(401);
    expect((await callRoute(t.app, receiptsApi.create, { body: groceries })).statusCode).toBe(401);
  });

  it('creates a receipt with money as 2-decimal numbers, linked products and price observations', async () => {
    const receipt = await saveReceipt(t.app, owner, groceries);
    expect(receipt).toMatchObject({
      storeName: 'Fresh Mart #12',
      date: '2026-10-03',
      total: 10.77,
      tax: 0.8,
      source: 'manual',
      hasImage: false,
    });
    expect(receipt.chainName).toBe('Fresh Mart');
    expect(receipt.items.map((item) => [item.name, item.quantity, item.price])).toEqual([
      ['Whole Milk 1 gal', 2, 7.98],
      ['White Bread', 1, 2.49],
    ]);
    expect(receipt.items[0]!.unitPrice).toBe(3.99);
    expect(receipt.items.every((item) => item.productId !== null)).toBe(true);
    expect(receipt.items[0]!.category).toBe('Dairy & eggs');
    const observations = await t.app.db
      .selectFrom('price_observations')
      .selectAll()
      .where('product_id', '=', receipt.items[1]!.productId!)
      .execute();
    expect(observations).toHaveLength(1);
    expect(observations[0]).toMatchObject({ unit_price_cents: 199, is_deal: 1, source: 'receipt', observed_on: '2026-10-03' });
  });

  it('files receipts from a new store saved at the same moment under one store', async () => {
    const shoppers = await Promise.all([1, 2, 3, 4].map(() => createUser(t.app)));
    const receipts = await Promise.all(shoppers.map((who) => saveReceipt(t.app, who, { ...groceries, storeName: 'Harbour Market' })));
    const stores = await t.app.db.selectFrom('store_locations').select('id').where('name', '=', 'Harbour Market').execute();
    expect(stores).toHaveLength(1);
    expect(new Set(receipts.map((r) => r.storeId))).toEqual(new Set([stores[0]!.id]));
  });

  it('rejects bad input with a clear 400', async () => {
    const res = await callRoute(t.app, receiptsApi.create, {
      headers: asUser(owner),
      body: { ...groceries, storeName: '  ', date: '03/10/2026' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.error().message).toMatch(/store name|date/i);
    const negative = await callRoute(t.app, receiptsApi.create, {
      headers: asUser(owner),
      body: { ...groceries, items: [{ name: 'X', quantity: 0, price: 1 }] },
    });
    expect(negative.statusCode).toBe(400);
  });

  it('lets only the owner read, edit and delete; another user gets 404', async () => {
    const receipt = await saveReceipt(t.app, owner, { ...groceries, storeName: 'Corner Shop' });
    const asStranger = { params: { id: receipt.id }, headers: asUser(stranger) };
    expect((await callRoute(t.app, receiptsApi.detail, asStranger)).statusCode, 'GET').toBe(404);
    expect((await callRoute(t.app, receiptsApi.update, { ...asStranger, body: { total: 1 } })).statusCode, 'PATCH').toBe(404);
    expect((await callRoute(t.app, receiptsApi.remove, asStranger)).statusCode, 'DELETE').toBe(404);
    expect((await callRoute(t.app, receiptsApi.image, { params: { id: receipt.id }, headers: asUser(stranger) })).statusCode).toBe(404);
    const list = ZReceiptList.parse((await callRoute(t.app, receiptsApi.list, { headers: asUser(stranger) })).json());
    expect(list.receipts).toHaveLength(0);

    const patched = await callRoute(t.app, receiptsApi.update, {
      params: { id: receipt.id },
      headers: asUser(owner),
      body: { total: 3.5, items: [{ name: 'Bananas', quantity: 1, price: 3.5 }] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(ZReceipt.parse(patched.json())).toMatchObject({ total: 3.5, items: [{ name: 'Bananas', quantity: 1, price: 3.5 }] });

    expect((await callRoute(t.app, receiptsApi.remove, { params: { id: receipt.id }, headers: asUser(owner) })).statusCode).toBe(204);
    expect((await callRoute(t.app, receiptsApi.detail, { params: { id: receipt.id }, headers: asUser(owner) })).statusCode).toBe(404);
    const leftovers = await t.app.db.selectFrom('receipt_items').select('id').where('receipt_id', '=', receipt.id).execute();
    expect(leftovers).toHaveLength(0);
  });

  it('answers 400 for a malformed id rather than 500', async () => {
    expect((await callRoute(t.app, receiptsApi.detail, { params: { id: 'not-a-uuid' }, headers: asUser(owner) })).statusCode).toBe(400);
  });

  it('searches by store and item, filters by date and sums spend per month', async () => {
    const shopper = await createUser(t.app);
    await saveReceipt(t.app, shopper, buildReceipt('Green Grocer', '2026-09-10', [{ name: 'Avocado', quantity: 3, price: 4.5 }]));
    await saveReceipt(t.app, shopper, buildReceipt('Green Grocer', '2026-09-20', [{ name: 'Carrots', quantity: 1, price: 1.25 }]));
    await saveReceipt(t.app, shopper, buildReceipt('Hardware Depot', '2026-10-01', [{ name: 'Lightbulb', quantity: 1, price: 6 }]));
    const get = async (query: RouteQuery<typeof receiptsApi.list>) =>
      ZReceiptList.parse((await callRoute(t.app, receiptsApi.list, { query, headers: asUser(shopper) })).json());

    expect((await get({ q: 'grocer' })).receipts).toHaveLength(2);
    expect((await get({ q: 'AVOCADO' })).receipts.map((r) => r.storeName)).toEqual(['Green Grocer']);
    expect((await get({ from: '2026-10-01' })).receipts.map((r) => r.storeName)).toEqual(['Hardware Depot']);
    const all = await get({});
    expect(all.totalCount).toBe(3);
    expect(all.receipts[0]).toMatchObject({ storeName: 'Hardware Depot', total: 6, itemCount: 1 });
    expect(all.monthlySpend).toEqual([
      { month: '2026-10', total: 6, receiptCount: 1 },
      { month: '2026-09', total: 5.75, receiptCount: 2 },
    ]);
    expect((await callRoute(t.app, receiptsApi.list, { query: { from: 'yesterday' }, headers: asUser(shopper) })).statusCode).toBe(400);
  });
});

describe('products and alias learning', () => {
  it('remembers a corrected link per chain so the next receipt from that chain links itself', async () => {
    const shopper = await createUser(t.app);
    const productRes = await callRoute(t.app, productsApi.create, {
      headers: asUser(shopper),
      body: { name: 'Organic 2% Milk Half Gallon', brand: 'Horizon', category: 'Dairy & eggs', sizeValue: 0.5, sizeUnit: 'gal' },
    });
    expect(productRes.statusCode, productRes.body).toBe(201);
    const product = productRes.json() as { id: string };

    const first = await saveReceipt(t.app, shopper, {
      storeName: 'Walmart Supercenter #5',
      date: '2026-10-01',
      items: [{ name: 'HZN ORG 2PCT HG', quantity: 1, price: 4.68 }],
      total: 4.68,
    });
    const line = first.items[0]!;
    expect(line.productId).not.toBe(product.id);

    const linked = await callRoute(t.app, receiptsApi.linkItem, {
      params: { id: first.id, itemId: line.id },
      headers: asUser(shopper),
      body: { productId: product.id },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(ZReceipt.parse(linked.json()).items[0]).toMatchObject({ productId: product.id, productName: 'Organic 2% Milk Half Gallon' });
    // Someone else cannot re-link the owner's line.
    expect(
      (
        await callRoute(t.app, receiptsApi.linkItem, {
          params: { id: first.id, itemId: line.id },
          headers: asUser(stranger),
          body: { productId: product.id },
        })
      ).statusCode,
    ).toBe(404);

    // A pasted receipt from another branch of the same chain: the draft suggests the learned product.
    const text = [
      'WALMART SUPERCENTER #5',
      '10/08/2026 09:15',
      'HZN ORG 2PCT HG        4.68',
      'SUBTOTAL               4.68',
      'TOTAL                  4.68',
    ].join('\n');
    const upload = await callRoute(t.app, receiptJobsApi.upload, { headers: asUser(shopper), body: { text } });
    expect(upload.statusCode, upload.body).toBe(201);
    const jobId = (upload.json() as { jobs: { id: string }[] }).jobs[0]!.id;
    expect(await runReceiptJobsOnce(t.app)).toBe(true);
    const job = ZReceiptJob.parse(
      (await callRoute(t.app, receiptJobsApi.detail, { params: { id: jobId }, headers: asUser(shopper) })).json(),
    );
    expect(job.status).toBe('ready');
    const draftLine = job.draft!.items.find((item) => item.name.includes('HZN'));
    expect(draftLine).toMatchObject({ productId: product.id, isAliasMatch: true });

    // And a manual receipt from that chain links itself without a productId.
    const second = await saveReceipt(t.app, shopper, {
      storeName: 'Walmart Supercenter #5',
      date: '2026-10-15',
      items: [{ name: 'HZN ORG 2PCT HG', quantity: 1, price: 4.28 }],
      total: 4.28,
    });
    expect(second.items[0]!.productId).toBe(product.id);

    const history = ZProductHistory.parse(
      (await callRoute(t.app, productsApi.history, { params: { id: product.id }, headers: asUser(shopper) })).json(),
    );
    expect(history.observations.map((o) => [o.date, o.unitPrice])).toEqual([
      ['2026-10-01', 4.68],
      ['2026-10-15', 4.28],
    ]);
    expect(history.stores).toHaveLength(1);
    expect(history.stores[0]).toMatchObject({ latestPrice: 4.28, lowestPrice: 4.28, observationCount: 2 });
    expect(history.observations[0]!.comparablePrice).toEqual({ amount: 2.47, per: 'l' });

    const search = await callRoute(t.app, productsApi.search, { query: { q: 'organic milk' }, headers: asUser(shopper) });
    expect((search.json() as { products: { id: string }[] }).products.map((p) => p.id)).toContain(product.id);
  });

  it('answers 404 for an unknown product and 401 when signed out', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await callRoute(t.app, productsApi.history, { params: { id: missing }, headers: asUser(owner) })).statusCode).toBe(404);
    expect((await callRoute(t.app, productsApi.search, { query: { q: 'milk' } })).statusCode).toBe(401);
  });
});

describe('spend by category', () => {
  it('sums spend per category and what discounts and deals saved', async () => {
    const shopper = await createUser(t.app);
    const receipt = await saveReceipt(t.app, shopper, buildCheeseAndTowels('Deal Town', '2026-08-05'));
    const towels = receipt.items[1]!;
    await insertDeal(t.app, {
      storeId: receipt.storeId,
      productId: towels.productId,
      sale: 500,
      original: 650,
      from: '2026-08-01',
      to: '2026-08-10',
      status: 'approved',
    });
    const res = await callRoute(t.app, receiptsApi.categorySpend, {
      query: { from: '2026-08-01', to: '2026-08-31' },
      headers: asUser(shopper),
    });
    expect(res.statusCode, res.body).toBe(200);
    const spend = ZCategorySpend.parse(res.json());
    expect(spend.totalSpend).toBe(12);
    expect(spend.categories).toEqual([
      { category: 'Household', total: 10, itemCount: 1, share: 0.83 },
      { category: 'Dairy & eggs', total: 2, itemCount: 1, share: 0.17 },
    ]);
    expect(spend.savedOnDeals).toEqual({ discounts: 1, dealSavings: 3, total: 4 });
    expect((await callRoute(t.app, receiptsApi.categorySpend)).statusCode).toBe(401);
  });
});
