import { beforeAll, describe, expect, it } from 'vitest';
import { ZProductHistory, addDaysIso, getTodayIso, shelfPricesApi, moderationApi, productsApi, type RouteBody } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { createProduct, createStore } from '../deals/deals-test-helpers';
import { callRoute, callRouteWithBadInput } from '../../test/call-route';

const t = registerTestApp();
let admin: TestUser;
let storeId: string;

beforeAll(async () => {
  admin = await createAdmin(t.app);
  storeId = await createStore(t.app, 'FreshMart Downtown', 'FreshMart');
});

const today = () => getTodayIso();
const daysAgo = (days: number) => addDaysIso(getTodayIso(), -days);

function report(user: TestUser, productId: string, body: RouteBody<typeof shelfPricesApi.report>) {
  return callRoute(t.app, shelfPricesApi.report, { params: { id: productId }, headers: asUser(user), body });
}

async function readHistory(user: TestUser, productId: string) {
  const res = await callRoute(t.app, productsApi.history, { params: { id: productId }, headers: asUser(user) });
  expect(res.statusCode).toBe(200);
  return ZProductHistory.parse(res.json());
}

const observationCount = (productId: string) =>
  t.app.db.selectFrom('price_observations').select('id').where('product_id', '=', productId).where('source', '=', 'shelf').execute();

describe('POST /api/products/:id/shelf-prices', () => {
  it('is the reporter’s at once and nobody else’s until an operator approves it', async () => {
    const productId = await createProduct(t.app, 'Rolled oats 1kg');
    const sam = await createUser(t.app);
    const kim = await createUser(t.app);
    const res = await report(sam, productId, { storeId, price: 2.49, observedOn: today() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending' });
    const own = await readHistory(sam, productId);
    expect(own.observations.map((o) => [o.storeName, o.unitPrice, o.source])).toEqual([['FreshMart Downtown', 2.49, 'shelf-pending']]);
    expect((await readHistory(kim, productId)).observations).toEqual([]);
    expect(await observationCount(productId)).toHaveLength(0);

    const queue = await callRoute(t.app, moderationApi.shelfPrices, { headers: asUser(admin) });
    const pending = queue.json().items;
    const item = pending.find((p) => p.productName === 'Rolled oats 1kg')!;
    expect(item).toMatchObject({ unitPriceCents: 249, reportedBy: sam.email });
    expect((await callRoute(t.app, moderationApi.shelfPrices, { headers: asUser(kim) })).statusCode).toBe(403);
    const approved = await callRoute(t.app, moderationApi.approveShelfPrice, { params: { id: item.id }, headers: asUser(admin) });
    expect(approved.json()).toEqual({ id: item.id, status: 'approved' });
    // Others see it as a community price.
    expect((await readHistory(kim, productId)).observations.map((o) => [o.unitPrice, o.source])).toEqual([[2.49, 'community']]);
    const audit = await t.app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('target_id', '=', item.id).execute();
    expect(audit).toEqual([{ action: 'shelf_price.approved', actor_id: admin.id }]);
    // Decided once: a second decision finds nothing pending.
    expect((await callRoute(t.app, moderationApi.rejectShelfPrice, { params: { id: item.id }, headers: asUser(admin) })).statusCode).toBe(
      404,
    );
  });

  it('joins everyone’s price book when a second shopper reports the same price at the same store within days', async () => {
    const productId = await createProduct(t.app, 'Butter 250g');
    const first = await createUser(t.app);
    const second = await createUser(t.app);
    const reader = await createUser(t.app);
    expect((await report(first, productId, { storeId, price: 3.19, observedOn: daysAgo(2) })).json()).toMatchObject({ status: 'pending' });
    // The same shopper again is no agreement; another price is none either.
    expect((await report(first, productId, { storeId, price: 3.19, observedOn: today() })).json()).toMatchObject({ status: 'pending' });
    expect((await report(second, productId, { storeId, price: 3.29, observedOn: today() })).json()).toMatchObject({ status: 'pending' });
    expect((await readHistory(reader, productId)).observations).toEqual([]);
    expect((await report(second, productId, { storeId, price: 3.19, observedOn: today() })).json()).toMatchObject({ status: 'approved' });
    const seen = (await readHistory(reader, productId)).observations.map((o) => [o.unitPrice, o.source]);
    expect(seen).toEqual([
      [3.19, 'community'],
      [3.19, 'community'],
    ]);
    expect(await observationCount(productId)).toHaveLength(2);
  });

  it('refuses a rejected price to everyone but keeps nothing of it shared', async () => {
    const productId = await createProduct(t.app, 'Bleach 1L');
    const sam = await createUser(t.app);
    const { id } = (await report(sam, productId, { storeId, price: 0.01, observedOn: today() })).json();
    const rejected = await callRoute(t.app, moderationApi.rejectShelfPrice, { params: { id }, headers: asUser(admin) });
    expect(rejected.json()).toEqual({ id, status: 'rejected' });
    const other = await createUser(t.app);
    // A rejected report is no partner for agreement.
    expect((await report(other, productId, { storeId, price: 0.01, observedOn: today() })).json()).toMatchObject({ status: 'pending' });
    expect(await observationCount(productId)).toHaveLength(0);
  });

  it('answers clear 4xx for bad input, unknown products and stores, and no session', async () => {
    const productId = await createProduct(t.app, 'Tea 80 bags');
    const sam = await createUser(t.app);
    const cases: [Record<string, unknown>, number][] = [
      [{ storeId, price: -1, observedOn: today() }, 400],
      [{ storeId, price: 0, observedOn: today() }, 400],
      [{ storeId, price: 'cheap', observedOn: today() }, 400],
      [{ storeId, price: 1.5, observedOn: 'yesterday' }, 400],
      [{ storeId, price: 1.5, observedOn: daysAgo(-5) }, 400],
      [{ storeId, price: 1.5, observedOn: daysAgo(90) }, 400],
      [{ storeId: 'no-such-store', price: 1.5, observedOn: today() }, 400],
      [{ storeId: crypto.randomUUID(), price: 1.5, observedOn: today() }, 404],
    ];
    for (const [body, status] of cases) {
      const res = await callRouteWithBadInput(t.app, shelfPricesApi.report, { params: { id: productId }, headers: asUser(sam), body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
    }
    expect((await report(sam, crypto.randomUUID(), { storeId, price: 1.5, observedOn: today() })).statusCode).toBe(404);
    const anonymous = await callRoute(t.app, shelfPricesApi.report, {
      params: { id: productId },
      body: { storeId, price: 1, observedOn: today() },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
