import { beforeAll, describe, expect, it } from 'vitest';
import { ZPriceBook, ZReceipt, ZStoreMergeSummary, priceBookApi, receiptsApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { createApprovedDeal, createProduct } from '../deals/deals-test-helpers';
import { callRoute } from '../../test/call-route';

// An operator merges a duplicate store (a misread receipt header saved as its own store) into the real one.
const t = registerTestApp();
let admin: TestUser;
let shopper: TestUser;
let bananas: string;

beforeAll(async () => {
  admin = await createAdmin(t.app);
  shopper = await createUser(t.app);
  bananas = await createProduct(t.app, 'Bananas', 'Produce');
});

async function saveReceipt(owner: TestUser, storeName: string, date: string, price: number) {
  const res = await callRoute(t.app, receiptsApi.create, {
    headers: asUser(owner),
    body: { storeName, date, items: [{ name: 'BANANAS', quantity: 1, price, productId: bananas }], total: price },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZReceipt.parse(res.json());
}

const merge = (fromId: string, intoId: string, user: TestUser = admin) =>
  callRoute(t.app, priceBookApi.mergeStore, { params: { id: fromId }, headers: asUser(user), body: { intoId } });

async function loadPriceBook() {
  return ZPriceBook.parse((await callRoute(t.app, priceBookApi.get, { headers: asUser(admin) })).json());
}

describe('merging a duplicate store', () => {
  it('suggests the merge, moves receipts, prices, deals and home stores, and deletes the duplicate', async () => {
    const real = await saveReceipt(shopper, 'SUNRISE SPEED MART', '2026-10-01', 1.19);
    await saveReceipt(shopper, 'SUNRISE SPEED MART', '2026-10-08', 1.29);
    const misread = await saveReceipt(shopper, 'SUNR1SE SPEED HART', '2026-10-15', 1.39);
    const realId = real.storeId!;
    const misreadId = misread.storeId!;
    expect(misreadId).not.toBe(realId);
    await createApprovedDeal(t.app, await createUser(t.app), admin, { title: 'Bananas 1 kg', price: 0.99, storeId: misreadId });
    await t.app.db
      .insertInto('user_home_stores')
      .values([
        { user_id: shopper.id, store_id: misreadId },
        { user_id: shopper.id, store_id: realId },
        { user_id: admin.id, store_id: misreadId },
      ])
      .execute();

    const misreadChain = () => t.app.db.selectFrom('store_chains').select('name').where('name', '=', 'Sunr1se Speed Hart').execute();
    expect(await misreadChain()).toHaveLength(1);

    const before = await loadPriceBook();
    expect(before.stores.find((s) => s.id === misreadId)?.possibleDuplicateOf).toEqual({ id: realId, name: 'SUNRISE SPEED MART' });
    expect(before.stores.find((s) => s.id === realId)?.possibleDuplicateOf).toBeNull();

    const res = await merge(misreadId, realId);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZStoreMergeSummary.parse(res.json())).toEqual({ intoId: realId, receipts: 1, prices: 1, deals: 1, homeStores: 2 });

    const moved = await callRoute(t.app, receiptsApi.detail, { params: { id: misread.id }, headers: asUser(shopper) });
    expect(ZReceipt.parse(moved.json())).toMatchObject({ storeId: realId, storeName: 'SUNRISE SPEED MART' });
    const prices = await t.app.db.selectFrom('price_observations').select('store_id').where('product_id', '=', bananas).execute();
    expect(prices.map((p) => p.store_id)).toEqual([realId, realId, realId]);
    const homes = await t.app.db
      .selectFrom('user_home_stores')
      .selectAll()
      .where('store_id', 'in', [realId, misreadId])
      .orderBy('user_id')
      .execute();
    expect(homes.map((h) => [h.user_id, h.store_id]).sort()).toEqual(
      [
        [admin.id, realId],
        [shopper.id, realId],
      ].sort(),
    );
    expect(await t.app.db.selectFrom('store_locations').select('id').where('id', '=', misreadId).executeTakeFirst()).toBeUndefined();
    // The chain made from the misread name had only this store: it goes too.
    expect(await misreadChain()).toEqual([]);
    const after = await loadPriceBook();
    expect(after.stores.find((s) => s.id === realId)?.observationCount).toBe(3);
    const audit = await t.app.db.selectFrom('audit_log').select(['action', 'target_id']).where('action', '=', 'store.merge').execute();
    expect(audit).toEqual([{ action: 'store.merge', target_id: realId }]);
  });

  it('moves the seller number the duplicate was read with to the store it joins, unless that store has one', async () => {
    const real = (await saveReceipt(shopper, 'HILLTOP GROCER', '2026-10-01', 1.19)).storeId!;
    const duplicate = (await saveReceipt(shopper, 'HILLT0P GR0CFR', '2026-10-02', 1.29)).storeId!;
    await t.app.db.updateTable('store_locations').set({ seller_id: '000381399040' }).where('id', '=', duplicate).execute();
    expect((await merge(duplicate, real)).statusCode).toBe(200);
    const sellerIdOf = async (id: string) =>
      (await t.app.db.selectFrom('store_locations').select('seller_id').where('id', '=', id).executeTakeFirstOrThrow()).seller_id;
    expect(await sellerIdOf(real)).toBe('000381399040');

    const other = (await saveReceipt(shopper, 'HILLTOP GROCER 2', '2026-10-03', 1.19)).storeId!;
    await t.app.db.updateTable('store_locations').set({ seller_id: '000999999999' }).where('id', '=', other).execute();
    expect((await merge(other, real)).statusCode).toBe(200);
    expect(await sellerIdOf(real)).toBe('000381399040');
  });

  it('refuses a merge into itself, into an unknown store, of an unknown store, and by a shopper, changing nothing', async () => {
    const store = (await saveReceipt(shopper, 'Maple Leaf Foods', '2026-10-02', 2.5)).storeId!;
    const other = (await saveReceipt(shopper, 'Oak Street Grocer', '2026-10-03', 2.5)).storeId!;
    const self = await merge(store, store);
    expect(self.statusCode).toBe(400);
    expect(self.error().message).toBe('A store cannot be merged into itself');
    const unknownInto = await merge(store, '00000000-0000-4000-8000-000000000000');
    expect(unknownInto.statusCode).toBe(400);
    expect(unknownInto.error().message).toBe('The store to merge into does not exist');
    expect((await merge('00000000-0000-4000-8000-000000000000', store)).statusCode).toBe(404);
    expect((await merge(store, 'not-an-id')).statusCode).toBe(400);
    expect((await merge(store, other, shopper)).statusCode).toBe(403);
    const left = await t.app.db.selectFrom('store_locations').select('id').where('id', 'in', [store, other]).execute();
    expect(left).toHaveLength(2);
  });
});
