import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZPriceCoverage, ZShoppingListDetail, listsApi, priceCoverageApi } from '@cartwise/contracts';
import { createId, nowIso } from '../../db/ids';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { cartwiseCsvSource, fileInput, runPriceImport } from '../price-sources';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();
let admin: TestUser;
let shopper: TestUser;
let other: TestUser;
const ids = { Milk: '', Bread: '', Eggs: '', Tea: '' };

// Milk is priced at three Springfield stores, bread at one, eggs at one Shelbyville store; tea nowhere.
const CSV = [
  'product,barcode,chain,store,address,city,price,date',
  'Milk,4006381333931,Kwik,Kwik North,1 North Rd 62701,Springfield,1.99,2026-11-01',
  'Milk,4006381333931,Kwik,Kwik South,9 South Rd 62704,Springfield,2.09,2026-11-01',
  'Milk,4006381333931,Lard,Lard Centre,5 Main St 62701,Springfield,1.89,2026-11-01',
  'Bread,5000112546415,Kwik,Kwik North,1 North Rd 62701,Springfield,2.50,2026-11-01',
  'Eggs,3017620422003,Kwik,Kwik East,3 East Rd 99999,Shelbyville,3.10,2026-11-01',
].join('\n');

async function productId(name: string): Promise<string> {
  return (await t.app.db.selectFrom('products').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

async function addReceipt(user: TestUser, productIds: string[]): Promise<void> {
  const receiptId = createId();
  const now = nowIso();
  await t.app.db
    .insertInto('receipts')
    .values({
      id: receiptId,
      user_id: user.id,
      store_name: 'Kwik',
      purchased_on: '2026-11-02',
      total_cents: 100,
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (const id of productIds)
    await t.app.db
      .insertInto('receipt_items')
      .values({
        id: createId(),
        receipt_id: receiptId,
        name: 'x',
        price_cents: 100,
        discount_cents: 0,
        product_id: id,
        unit: null,
        unit_price_cents: null,
        category: null,
        created_at: now,
      })
      .execute();
}

const get = async (url: string, user: TestUser = admin) => {
  const res = await t.app.inject({ method: 'GET', url, headers: asUser(user) });
  expect(res.statusCode, res.body).toBe(200);
  return ZPriceCoverage.parse(res.json());
};

beforeAll(async () => {
  admin = await createAdmin(t.app);
  shopper = await createUser(t.app);
  other = await createUser(t.app);
  const path = join(mkdtempSync(join(tmpdir(), 'coverage-')), 'prices.csv');
  writeFileSync(path, `${CSV}\n`);
  expect((await runPriceImport(t.app, { source: cartwiseCsvSource, inputs: [fileInput(path)] })).status).toBe('succeeded');
  for (const name of ['Milk', 'Bread', 'Eggs'] as const) ids[name] = await productId(name);
  const tea = createId();
  await t.app.db.insertInto('products').values({ id: tea, name: 'Tea', created_at: nowIso() }).execute();
  ids.Tea = tea;
  // Kwik North and Lard Centre sit within 2 km of a point; Kwik South 12 km away.
  const place = (name: string, lat: number, lon: number) =>
    t.app.db.updateTable('store_locations').set({ lat, lon }).where('name', '=', name).execute();
  await place('Kwik North', 39.8, -89.65);
  await place('Lard Centre', 39.81, -89.64);
  await place('Kwik South', 39.69, -89.65);
  await addReceipt(other, [ids.Milk, ids.Bread, ids.Tea]);
  await addReceipt(other, [ids.Milk]);
});

describe('price coverage', () => {
  it('counts an area’s stores and the most bought products priced at one and at two or more of them', async () => {
    expect(await get('/api/admin/price-coverage?city=springfield')).toEqual({
      area: 'city',
      stores: 3,
      pricedStores: 3,
      basket: { kind: 'top', items: 3, atOneStore: 1, atTwoOrMore: 1, unpriced: 1 },
    });
    expect(await get('/api/admin/price-coverage?lat=39.8&lon=-89.65&radiusKm=5')).toMatchObject({
      area: 'point',
      stores: 2,
      basket: { atOneStore: 1, atTwoOrMore: 1, unpriced: 1 },
    });
    expect(await get('/api/admin/price-coverage?zipCode=99999')).toMatchObject({
      area: 'zip',
      stores: 1,
      basket: { atOneStore: 0, atTwoOrMore: 0 },
    });
    expect(await get('/api/admin/price-coverage')).toMatchObject({ area: 'everywhere', stores: 4, pricedStores: 4 });
  });

  it('measures a shopper’s own list near the stores they picked, and never another shopper’s list', async () => {
    const list = ZShoppingListDetail.parse(
      (await callRoute(t.app, listsApi.create, { headers: asUser(shopper), body: { name: 'Week' } })).json(),
    );
    for (const name of ['Eggs', 'Bread'] as const)
      await callRoute(t.app, listsApi.addItem, {
        params: { id: list.id },
        headers: asUser(shopper),
        body: { name, product_id: ids[name] },
      });
    const stores = await t.app.db.selectFrom('store_locations').select('id').where('city', '=', 'Springfield').execute();
    const storeIds = stores.map((s) => s.id).join(',');
    expect(await get(`/api/price-coverage?listId=${list.id}&storeIds=${storeIds}`, shopper)).toEqual({
      area: 'stores',
      stores: 3,
      pricedStores: 3,
      basket: { kind: 'list', items: 2, atOneStore: 1, atTwoOrMore: 0, unpriced: 1 },
    });
    await t.app.db
      .updateTable('profiles')
      .set({ home_lat: 39.8, home_lon: -89.65, store_radius_km: 20 })
      .where('id', '=', shopper.id)
      .execute();
    expect(await get('/api/price-coverage', shopper)).toMatchObject({ area: 'home', stores: 3, basket: { kind: 'top', atTwoOrMore: 1 } });
    const foreign = await callRoute(t.app, priceCoverageApi.shopper, { query: { listId: list.id }, headers: asUser(other) });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses shoppers on the operator’s view and bad areas with a 4xx', async () => {
    expect((await callRoute(t.app, priceCoverageApi.admin, { headers: asUser(shopper) })).statusCode).toBe(403);
    expect((await callRoute(t.app, priceCoverageApi.shopper)).statusCode).toBe(401);
    expect((await callRoute(t.app, priceCoverageApi.admin, { query: { lat: '10' }, headers: asUser(admin) })).statusCode).toBe(400);
    expect((await callRoute(t.app, priceCoverageApi.admin, { query: { zipCode: '%%' }, headers: asUser(admin) })).statusCode).toBe(400);
  });
});
