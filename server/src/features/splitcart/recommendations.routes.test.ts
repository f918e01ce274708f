import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZPriceBook,
  ZRecommendationPlan,
  type TRecommendationPlan,
  addDaysIso,
  getTodayIso,
  splitCartApi,
  listsApi,
  priceBookApi,
} from '@cartwise/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { createId, nowIso } from '../../db/ids';
import { buildPriceCsv, createList, importPriceBook, THREE_STORE_PRICES, TODAY } from '../../test/priced-lists';
import { setFeature } from '../../test/operator-settings';
import { callRoute, callRouteWithBadInput } from '../../test/call-route';

let t: TestApp;
let shopper: TestUser;
let other: TestUser;
let listId: string;
let productIds: Map<string, string>;

async function plan(user: TestUser, query: string): Promise<{ status: number; body: TRecommendationPlan }> {
  const res = await callRouteWithBadInput(t.app, splitCartApi.recommendations, {
    params: { id: listId },
    query,
    headers: asUser(user),
  });
  return { status: res.statusCode, body: res.statusCode === 200 ? ZRecommendationPlan.parse(res.json()) : res.raw.json() };
}

beforeAll(async () => {
  t = await createTestApp();
  productIds = await importPriceBook(t.app, THREE_STORE_PRICES);
  shopper = await createUser(t.app);
  other = await createUser(t.app);
  listId = await createList(t.app, shopper, [
    { name: 'Milk', quantity: 2, productId: productIds.get('Farm Milk') },
    { name: 'Apples', quantity: 5, productId: productIds.get('Apples') },
    { name: 'Cheese', quantity: 1, productId: productIds.get('Farm Cheese') },
    { name: 'Saffron', quantity: 1 },
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('split-cart recommendations', () => {
  it('splits the list over two stores when the trip cost is worth it', async () => {
    const { status, body } = await plan(shopper, 'tripCostCents=100&maxStores=any');
    expect(status).toBe(200);
    const stops = Object.fromEntries(body.stops.map((s) => [s.store.name, s.lines.map((l) => l.name).sort()]));
    expect(stops).toEqual({ North: ['Apples'], South: ['Cheese', 'Milk'] });
    // Items 5 + 5 + 3 = 13.00, two trips of 1.00.
    expect(body.totalCents).toBe(1500);
    expect(body.bestSingleStore?.store.name).toBe('South');
    expect(body.bestSingleStore?.totalCents).toBe(500 + 1400 + 300 + 100);
    expect(body.savingsVsBestSingleCents).toBe(2300 - 1500);
    expect(body.unpriced).toEqual([expect.objectContaining({ name: 'Saffron', reason: 'no-product' })]);
    expect(body).toMatchObject({ isProven: true, proofGapCents: 0 });
  });

  it('gives each line its category and its price at the other planned stops, cheapest first, for shop mode', async () => {
    await t.app.db.updateTable('list_items').set({ category: 'Cheese counter' }).where('name', '=', 'Cheese').execute();
    const { body } = await plan(shopper, 'tripCostCents=100&maxStores=any');
    await t.app.db.updateTable('list_items').set({ category: null }).where('name', '=', 'Cheese').execute();
    const storeId = (name: string) => body.stops.find((s) => s.store.name === name)!.store.id;
    const line = (name: string) => body.stops.flatMap((s) => s.lines).find((l) => l.name === name)!;
    // Milk 2 x 4.00 at North; apples 5 x 2.80 at South; East is not a stop, so it is no alternative.
    expect(line('Milk')).toMatchObject({
      category: 'Dairy',
      alternatives: [{ storeId: storeId('North'), lineCents: 800, packagePriceCents: 400 }],
    });
    expect(line('Apples')).toMatchObject({ category: 'Produce', alternatives: [{ storeId: storeId('South'), lineCents: 1400 }] });
    // The item's own category wins over its product's; North has no cheese, so there is nowhere else to go.
    expect(line('Cheese')).toMatchObject({ category: 'Cheese counter', alternatives: [] });
  });

  it('stays at one store when trips are expensive or the limit is one', async () => {
    const costly = await plan(shopper, 'tripCostCents=1000');
    expect(costly.body.stops.map((s) => s.store.name)).toEqual(['South']);
    const limited = await plan(shopper, 'tripCostCents=0&maxStores=1');
    expect(limited.body.stops).toHaveLength(1);
    expect(limited.body.totalCents).toBe(limited.body.bestSingleStore!.totalCents);
  });

  it('lists an item as not found when the chosen stores do not sell it', async () => {
    const stores = await t.app.db.selectFrom('store_locations').select(['id', 'name']).execute();
    const north = stores.find((s) => s.name === 'North')!.id;
    const { body } = await plan(shopper, `storeIds=${north}&tripCostCents=0`);
    expect(body.stops.map((s) => s.store.name)).toEqual(['North']);
    expect(body.unpriced.map((u) => u.name).sort()).toEqual(['Cheese', 'Saffron']);
    expect(body.savingsVsBestSingleCents).toBe(0);
  });

  it('leaves out stale prices on request', async () => {
    const oldDate = addDaysIso(getTodayIso(), -400);
    await t.app.db.updateTable('price_observations').set({ observed_on: oldDate }).execute();
    const withStale = await plan(shopper, 'tripCostCents=100');
    expect(withStale.body.stops.flatMap((s) => s.lines).every((l) => l.isStale)).toBe(true);
    const fresh = await plan(shopper, 'tripCostCents=100&includeStale=false');
    expect(fresh.body.stops).toEqual([]);
    expect(fresh.body.unpriced.map((u) => u.reason)).toContain('no-price');
    await t.app.db.updateTable('price_observations').set({ observed_on: TODAY }).execute();
  });

  it('uses the sale price of an approved deal valid on the shopping date', async () => {
    const milk = await t.app.db.selectFrom('products').select('id').where('name', '=', 'Milk').executeTakeFirstOrThrow();
    const north = await t.app.db.selectFrom('store_locations').select('id').where('name', '=', 'North').executeTakeFirstOrThrow();
    const dealId = createId();
    await t.app.db
      .insertInto('deals')
      .values({
        id: dealId,
        submitted_by: null,
        title: 'Milk sale',
        sale_price_cents: 150,
        original_price_cents: 400,
        store_id: north.id,
        product_id: milk.id,
        category: null,
        starts_on: TODAY,
        ends_on: TODAY,
        status: 'approved',
        rejection_reason: null,
        moderated_by: null,
        moderated_at: null,
        photo_key: null,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    const onSale = await plan(shopper, 'tripCostCents=100');
    const milkLine = onSale.body.stops
      .flatMap((stop) => stop.lines.map((line) => ({ ...line, store: stop.store.name })))
      .find((l) => l.name === 'Milk')!;
    expect(milkLine).toMatchObject({ store: 'North', packagePriceCents: 150, isDeal: true });
    const tomorrow = addDaysIso(getTodayIso(), 1);
    const after = await plan(shopper, `tripCostCents=100&date=${tomorrow}`);
    expect(after.body.stops.flatMap((stop) => stop.lines).find((l) => l.name === 'Milk')).toMatchObject({
      packagePriceCents: 250,
      isDeal: false,
    });
    await t.app.db.deleteFrom('deals').where('id', '=', dealId).execute();
  });

  it('prices a list whose items are all linked without scanning the catalogue', async () => {
    const linkedList = await createList(t.app, shopper, [{ name: 'Milk', productId: productIds.get('Farm Milk') }], 'Linked');
    const res = await callRoute(t.app, splitCartApi.recommendations, {
      params: { id: linkedList },
      query: { tripCostCents: '0' },
      headers: asUser(shopper),
    });
    const body = ZRecommendationPlan.parse(res.json());
    expect(body.stops.map((stop) => [stop.store.name, stop.lines.map((l) => [l.productName, l.packageLabel])])).toEqual([
      ['South', [['Milk', '1 gal']]],
    ]);
    expect(body.unpriced).toEqual([]);
  });

  it('answers 404 for another shopper and 401 for anonymous', async () => {
    expect((await plan(other, '')).status).toBe(404);
    const anonymous = await callRoute(t.app, splitCartApi.recommendations, { params: { id: listId } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('rejects bad inputs with 400', async () => {
    expect((await plan(shopper, 'maxStores=9')).status).toBe(400);
    expect((await plan(shopper, 'tripCostCents=-5')).status).toBe(400);
    expect((await plan(shopper, `storeIds=${createId()}`)).status).toBe(400);
  });

  it('refuses with a clear 403 while the operator has split_cart off; the list itself keeps working', async () => {
    const operator = await createAdmin(t.app);
    await setFeature(t.app, operator, 'split_cart', false);
    try {
      const { status, body } = await plan(shopper, 'tripCostCents=100');
      expect(status).toBe(403);
      expect(body).toEqual({
        error: 'feature_disabled',
        message: expect.stringMatching(/^Split-cart recommendations are turned off for now/),
      });
      const list = await callRoute(t.app, listsApi.detail, { params: { id: listId }, headers: asUser(shopper) });
      expect(list.statusCode).toBe(200);
      const added = await callRoute(t.app, listsApi.addItem, { params: { id: listId }, headers: asUser(shopper), body: { name: 'Bread' } });
      expect(added.statusCode, added.body).toBe(201);
      await t.app.db.deleteFrom('list_items').where('list_id', '=', listId).where('name', '=', 'Bread').execute();
    } finally {
      await setFeature(t.app, operator, 'split_cart', true);
    }
    expect((await plan(shopper, 'tripCostCents=100')).status).toBe(200);
  });
});

describe('price import', () => {
  it('is for operators only and reports bad rows', async () => {
    const res = await callRoute(t.app, priceBookApi.importPrices, {
      headers: asUser(shopper),
      body: { kind: 'csv', content: buildPriceCsv(THREE_STORE_PRICES) },
    });
    expect(res.statusCode).toBe(403);
    const admin = await createAdmin(t.app);
    const bad = await callRoute(t.app, priceBookApi.importPrices, {
      headers: asUser(admin),
      body: { kind: 'csv', content: 'product,store,price,date\nTea,North,abc,2026-01-01\nTea,North,1.20,2026-01-01\n' },
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({ imported: 1, skipped: 1, errors: [{ line: 2, message: 'price must be a positive number' }] });
    const empty = await callRoute(t.app, priceBookApi.importPrices, { headers: asUser(admin), body: { kind: 'json', content: '[]' } });
    expect(empty.statusCode).toBe(400);
  });

  it('counts a product as stale at a store only when its newest price there is old', async () => {
    const admin = await createAdmin(t.app);
    const book = async () => {
      const res = await callRoute(t.app, priceBookApi.get, { headers: asUser(admin) });
      expect(res.statusCode).toBe(200);
      return ZPriceBook.parse(res.json());
    };
    // The import test above left one old price (Tea, 2026-01-01) at North.
    const north = (await book()).stores.find((s) => s.name === 'North')!;
    const baseline = north.staleCount;
    const old = addDaysIso(getTodayIso(), -400);
    // An old price next to today's for the same product is history, not staleness.
    const milk = await t.app.db.selectFrom('products').select('id').where('name', '=', 'Milk').executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('price_observations')
      .values({
        id: createId(),
        product_id: milk.id,
        store_id: north.id,
        observed_on: old,
        unit_price_cents: 300,
        size_value: null,
        size_unit: null,
        source: 'import',
        source_id: null,
        user_id: null,
        created_at: nowIso(),
      })
      .execute();
    expect((await book()).stores.find((s) => s.id === north.id)!.staleCount).toBe(baseline);
    await t.app.db.updateTable('price_observations').set({ observed_on: old }).where('store_id', '=', north.id).execute();
    // Milk and Apples now have only old prices at North.
    expect((await book()).stores.find((s) => s.id === north.id)!.staleCount).toBe(baseline + 2);
    expect((await callRoute(t.app, priceBookApi.get, { headers: asUser(shopper) })).statusCode).toBe(403);
  });
});

describe('split-cart store privacy', () => {
  it("never plans at, or names, another shopper's private store", async () => {
    const north = await t.app.db.selectFrom('store_locations').select('id').where('name', '=', 'North').executeTakeFirstOrThrow();
    await t.app.db.updateTable('store_locations').set({ is_public: 0, created_by: other.id }).where('id', '=', north.id).execute();
    try {
      const { status, body } = await plan(shopper, 'tripCostCents=100&maxStores=any');
      expect(status).toBe(200);
      expect(body.candidateStores.map((s) => s.name)).not.toContain('North');
      expect(body.stops.map((s) => s.store.name)).not.toContain('North');
      expect((await plan(shopper, `tripCostCents=100&storeIds=${north.id}`)).status).toBe(400);
      expect((await plan(other, `tripCostCents=100&storeIds=${north.id}`)).status).toBe(404);
    } finally {
      await t.app.db.updateTable('store_locations').set({ is_public: 1, created_by: null }).where('id', '=', north.id).execute();
    }
  });
});
