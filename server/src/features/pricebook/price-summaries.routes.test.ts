import { beforeAll, describe, expect, it } from 'vitest';
import { ZPriceBook, ZReceipt, priceBookApi, receiptsApi } from '@cartwise/contracts';
import { createId, nowIso } from '../../db/ids';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { createProduct } from '../deals/deals-test-helpers';
import { callRoute } from '../../test/call-route';

// The price book reads price_summaries, which triggers keep equal to a grouped count over price_observations.
const t = registerTestApp();
let admin: TestUser;
let shopper: TestUser;
let milk: string;
let eggs: string;

beforeAll(async () => {
  admin = await createAdmin(t.app);
  shopper = await createUser(t.app);
  milk = await createProduct(t.app, 'Summary Milk', 'Dairy');
  eggs = await createProduct(t.app, 'Summary Eggs', 'Dairy');
});

async function createStore(name: string): Promise<string> {
  const res = await callRoute(t.app, priceBookApi.createStore, {
    headers: asUser(admin),
    body: { name, chainId: null, address: '', city: '' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function observe(productId: string, storeId: string, observedOn: string): Promise<string> {
  const id = createId();
  await t.app.db
    .insertInto('price_observations')
    .values({
      id,
      product_id: productId,
      store_id: storeId,
      observed_on: observedOn,
      unit_price_cents: 199,
      size_value: null,
      size_unit: null,
      source: 'import',
      source_id: null,
      user_id: null,
      created_at: nowIso(),
    })
    .execute();
  return id;
}

/** The summary as stored, and as it should be: both sorted by store and product. */
async function readSummaries() {
  const stored = await t.app.db
    .selectFrom('price_summaries')
    .select(['store_id', 'product_id', 'observation_count', 'latest_observed_on'])
    .orderBy('store_id')
    .orderBy('product_id')
    .execute();
  const expected = await t.app.db
    .selectFrom('price_observations')
    .select((eb) => ['store_id', 'product_id', eb.fn.countAll<number | string>().as('n'), eb.fn.max('observed_on').as('latest')])
    .groupBy(['store_id', 'product_id'])
    .orderBy('store_id')
    .orderBy('product_id')
    .execute();
  return {
    stored: stored.map((r) => [r.store_id, r.product_id, Number(r.observation_count), r.latest_observed_on]),
    expected: expected.map((r) => [r.store_id, r.product_id, Number(r.n), r.latest]),
  };
}

/** store_price_days as stored, and as a recount of the summaries: products per store and newest day. */
async function readStorePriceDays() {
  const stored = await t.app.db
    .selectFrom('store_price_days')
    .select(['store_id', 'latest_observed_on', 'product_count'])
    .orderBy('store_id')
    .orderBy('latest_observed_on')
    .execute();
  const expected = await t.app.db
    .selectFrom('price_summaries')
    .select((eb) => ['store_id', 'latest_observed_on', eb.fn.countAll<number | string>().as('n')])
    .groupBy(['store_id', 'latest_observed_on'])
    .orderBy('store_id')
    .orderBy('latest_observed_on')
    .execute();
  return {
    stored: stored.map((r) => [r.store_id, r.latest_observed_on, Number(r.product_count)]),
    expected: expected.map((r) => [r.store_id, r.latest_observed_on, Number(r.n)]),
  };
}

async function expectSummariesInStep() {
  const { stored, expected } = await readSummaries();
  expect(stored).toEqual(expected);
  const days = await readStorePriceDays();
  expect(days.stored).toEqual(days.expected);
}

async function loadStore(storeId: string) {
  const res = await callRoute(t.app, priceBookApi.get, { headers: asUser(admin) });
  expect(res.statusCode, res.body).toBe(200);
  const book = ZPriceBook.parse(res.json());
  return { book, store: book.stores.find((s) => s.id === storeId) };
}

describe('the price book summary', () => {
  it('follows inserted, edited and deleted observations', async () => {
    const north = await createStore('Summary North');
    const south = await createStore('Summary South');
    const first = await observe(milk, north, '2026-01-10');
    const newest = await observe(milk, north, '2026-03-01');
    await observe(eggs, north, '2025-06-01');
    await expectSummariesInStep();
    expect((await loadStore(north)).store).toMatchObject({ observationCount: 3, latestObservedOn: '2026-03-01', staleCount: 2 });

    // Deleting the newest row brings back the older date; an edit moves a row to another date and store.
    await t.app.db.deleteFrom('price_observations').where('id', '=', newest).execute();
    await expectSummariesInStep();
    expect((await loadStore(north)).store).toMatchObject({ observationCount: 2, latestObservedOn: '2026-01-10' });
    await t.app.db.updateTable('price_observations').set({ observed_on: '2026-02-02', store_id: south }).where('id', '=', first).execute();
    await expectSummariesInStep();
    expect((await loadStore(north)).store).toMatchObject({ observationCount: 1, latestObservedOn: '2025-06-01' });
    expect((await loadStore(south)).store).toMatchObject({ observationCount: 1, latestObservedOn: '2026-02-02' });

    // Deleting a store cascades to its observations, and their pairs leave the summary.
    const removed = await callRoute(t.app, priceBookApi.deleteStore, { params: { id: south }, headers: asUser(admin) });
    expect(removed.statusCode, removed.body).toBe(204);
    await expectSummariesInStep();
    const summaryRows = await t.app.db.selectFrom('price_summaries').select('store_id').where('store_id', '=', south).execute();
    expect(summaryRows).toEqual([]);
  });

  it('follows a receipt confirmed, edited and removed', async () => {
    const payload = (date: string, items: { price: number; productId: string }[]) => ({
      storeName: 'Summary Corner Shop',
      date,
      items: items.map((item) => ({ name: 'LINE', quantity: 1, ...item })),
      total: items.reduce((sum, item) => sum + item.price, 0),
    });
    const created = await callRoute(t.app, receiptsApi.create, {
      headers: asUser(shopper),
      body: payload('2026-04-01', [
        { price: 1.5, productId: milk },
        { price: 2.5, productId: eggs },
      ]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const receipt = ZReceipt.parse(created.json());
    const storeId = (await t.app.db.selectFrom('receipts').select('store_id').where('id', '=', receipt.id).executeTakeFirstOrThrow())
      .store_id!;
    await expectSummariesInStep();
    expect((await loadStore(storeId)).store).toMatchObject({ observationCount: 2, latestObservedOn: '2026-04-01' });

    const edited = await callRoute(t.app, receiptsApi.update, {
      params: { id: receipt.id },
      headers: asUser(shopper),
      body: payload('2026-04-03', [{ price: 1.7, productId: milk }]),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await expectSummariesInStep();
    expect((await loadStore(storeId)).store).toMatchObject({ observationCount: 1, latestObservedOn: '2026-04-03' });

    const deleted = await callRoute(t.app, receiptsApi.remove, { params: { id: receipt.id }, headers: asUser(shopper) });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await expectSummariesInStep();
    const { book, store } = await loadStore(storeId);
    expect(store).toMatchObject({ observationCount: 0, latestObservedOn: null, staleCount: 0 });
    const total = await t.app.db
      .selectFrom('price_observations')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(book.observationCount).toBe(Number(total.n));
  });

  it('keeps the per-day product counts through bulk writes and a store merge', async () => {
    const east = await createStore('Summary East');
    const west = await createStore('Summary West');
    const row = (productId: string, storeId: string, observedOn: string) => ({
      id: createId(),
      product_id: productId,
      store_id: storeId,
      observed_on: observedOn,
      unit_price_cents: 250,
      size_value: null,
      size_unit: null,
      source: 'import',
      source_id: null,
      user_id: null,
      created_at: nowIso(),
    });
    // One statement: two products' newest prices on one day, older rows beside them, one pair seen twice.
    await t.app.db
      .insertInto('price_observations')
      .values([
        row(milk, east, '2026-05-01'),
        row(eggs, east, '2026-05-01'),
        row(milk, east, '2026-04-01'),
        row(milk, west, '2026-03-01'),
        row(eggs, west, '2026-05-02'),
        row(eggs, west, '2026-05-02'),
      ])
      .execute();
    await expectSummariesInStep();
    // A later price moves a product from one day to another; a bulk delete takes a day back.
    await observe(milk, east, '2026-06-01');
    await t.app.db.deleteFrom('price_observations').where('store_id', '=', west).where('observed_on', '=', '2026-05-02').execute();
    await expectSummariesInStep();
    const merged = await callRoute(t.app, priceBookApi.mergeStore, {
      params: { id: west },
      headers: asUser(admin),
      body: { intoId: east },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    await expectSummariesInStep();
    expect((await loadStore(east)).store).toMatchObject({ observationCount: 5, latestObservedOn: '2026-06-01' });
  });
});
