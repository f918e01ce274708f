import { describe, expect, it } from 'vitest';
import {
  ZPendingStoreList,
  ZProductHistory,
  ZStoreList,
  receiptsApi,
  storesApi,
  moderationApi,
  receiptJobsApi,
  productsApi,
} from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { createProduct } from '../deals/deals-test-helpers';
import { STORE_CONFIRMATIONS_TO_PUBLISH } from './store-visibility';
import { toPhoneColumns } from './store-phone';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();

function saveReceipt(
  user: TestUser,
  body: {
    storeName: string;
    storeId?: string;
    storeAddress?: string;
    items: { name: string; price: number; productId?: string }[];
    date?: string;
  },
) {
  return callRoute(t.app, receiptsApi.create, { headers: asUser(user), body: { date: '2026-11-20', total: 1, ...body } });
}

async function storeNames(user: TestUser): Promise<string[]> {
  return ZStoreList.parse((await callRoute(t.app, storesApi.list, { headers: asUser(user) })).json()).items.map((store) => store.name);
}

async function storeIdOf(receiptId: string): Promise<string> {
  return (await t.app.db.selectFrom('receipts').select('store_id').where('id', '=', receiptId).executeTakeFirstOrThrow()).store_id!;
}

describe('stores named only on private receipts', () => {
  it("stay out of other shoppers' store lists until enough shoppers name them", async () => {
    const [first, second, third, stranger] = [
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
      await createUser(t.app),
    ];
    expect((await saveReceipt(first, { storeName: "Nana's Corner Deli", items: [{ name: 'Bagel', price: 1 }] })).statusCode).toBe(201);
    expect(await storeNames(first)).toContain("Nana's Corner Deli");
    expect(await storeNames(stranger)).not.toContain("Nana's Corner Deli");

    // A second shopper's receipt names it too: one more confirmation, still not public.
    expect((await saveReceipt(second, { storeName: "NANA'S CORNER DELI", items: [{ name: 'Bagel', price: 1 }] })).statusCode).toBe(201);
    expect(await storeNames(second)).toContain("Nana's Corner Deli");
    expect(await storeNames(stranger)).not.toContain("Nana's Corner Deli");
    expect(STORE_CONFIRMATIONS_TO_PUBLISH).toBe(3);
    expect((await saveReceipt(third, { storeName: "Nana's Corner Deli", items: [{ name: 'Bagel', price: 1 }] })).statusCode).toBe(201);
    expect(await storeNames(stranger)).toContain("Nana's Corner Deli");
  });

  it("refuse another shopper's private store chosen by id, as an unknown store", async () => {
    const [owner, other] = [await createUser(t.app), await createUser(t.app)];
    const res = await saveReceipt(owner, { storeName: 'Secret Garden Grocer', items: [{ name: 'Kale', price: 2 }] });
    const storeId = await storeIdOf(res.json().id);
    const refused = await saveReceipt(other, { storeName: 'Anything', storeId, items: [{ name: 'Kale', price: 2 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.error().message).toBe('Unknown store');
  });

  it('wait in the moderation queue until an operator approves them (audited)', async () => {
    const [owner, other, admin] = [await createUser(t.app), await createUser(t.app), await createAdmin(t.app)];
    const res = await saveReceipt(owner, {
      storeName: 'Harbor Street Market',
      storeAddress: '9 Harbor St',
      items: [{ name: 'Fish', price: 9 }],
    });
    const storeId = await storeIdOf(res.json().id);
    const queue = ZPendingStoreList.parse((await callRoute(t.app, moderationApi.stores, { headers: asUser(admin) })).json());
    expect(queue.items.find((store) => store.id === storeId)).toMatchObject({
      name: 'Harbor Street Market',
      address: '9 Harbor St',
      shopperCount: 1,
    });
    expect((await callRoute(t.app, moderationApi.stores, { headers: asUser(owner) })).statusCode).toBe(403);
    expect((await callRoute(t.app, moderationApi.approveStore, { params: { id: storeId }, headers: asUser(admin) })).statusCode).toBe(200);
    expect(await storeNames(other)).toContain('Harbor Street Market');
    const audit = await t.app.db.selectFrom('audit_log').select(['action', 'target_id']).where('action', '=', 'store.approved').execute();
    expect(audit).toEqual([{ action: 'store.approved', target_id: storeId }]);
    expect((await callRoute(t.app, moderationApi.approveStore, { params: { id: storeId }, headers: asUser(admin) })).statusCode).toBe(404);
  });
});

describe('a read store matches a known one by its address or phone number', () => {
  it('saves "FRESHMART" at FreshMart Downtown\'s address as that store, not a new one', async () => {
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('store_locations')
      .values({
        id: 'store-freshmart-downtown',
        chain_id: null,
        name: 'FreshMart Downtown',
        address: '120 W Main St',
        city: 'Madison',
        ...toPhoneColumns('(608) 555-0142'),
        created_by: null,
        created_at: now,
      })
      .execute();
    const shopper = await createUser(t.app);
    const byAddress = await saveReceipt(shopper, {
      storeName: 'FRESHMART',
      storeAddress: '120 W Main St, Madison, WI',
      items: [{ name: 'Milk', price: 3 }],
    });
    expect(byAddress.statusCode, byAddress.body).toBe(201);
    expect(await storeIdOf(byAddress.json().id)).toBe('store-freshmart-downtown');

    // Another town's 120 W Main St is not it.
    const elsewhere = await saveReceipt(shopper, {
      storeName: 'FRESHMART',
      storeAddress: '120 W Main St, Springfield, IL',
      items: [{ name: 'Milk', price: 3 }],
    });
    expect(await storeIdOf(elsewhere.json().id)).not.toBe('store-freshmart-downtown');

    const rows = await t.app.db.selectFrom('store_locations').select('id').where('name', '=', 'FreshMart Downtown').execute();
    expect(rows).toHaveLength(1);
  });

  it('offers the store whose phone number a read receipt printed', async () => {
    const shopper = await createUser(t.app);
    const phoneTicket = 'FRSH MRT\n608-555-0142\nMILK 3.00\nTOTAL 3.00';
    const res = await callRoute(t.app, receiptJobsApi.upload, { headers: asUser(shopper), body: { text: phoneTicket } });
    expect(res.statusCode, res.body).toBe(201);
    const { runReceiptJobsOnce } = await import('../receipts/receipt-worker');
    expect(await runReceiptJobsOnce(t.app)).toBe(true);
    const jobId = (res.json() as { jobs: { id: string }[] }).jobs[0]!.id;
    const job = (await callRoute(t.app, receiptJobsApi.detail, { params: { id: jobId }, headers: asUser(shopper) })).json();
    expect(job.draft?.knownStore).toMatchObject({ id: 'store-freshmart-downtown', name: 'FreshMart Downtown' });
  });
});

describe('community prices', () => {
  it("show another shopper's receipt only as a price, store and date, and nothing from private stores", async () => {
    const [alice, bob] = [await createUser(t.app), await createUser(t.app)];
    const productId = await createProduct(t.app, 'Organic Oat Milk');
    const oatTown = crypto.randomUUID();
    await t.app.db
      .insertInto('store_locations')
      .values({ id: oatTown, chain_id: null, name: 'Oat Town', created_by: null, created_at: new Date().toISOString() })
      .execute();
    expect(
      (await saveReceipt(alice, { storeName: 'Oat Town', storeId: oatTown, items: [{ name: 'OAT MILK', price: 3.49, productId }] }))
        .statusCode,
    ).toBe(201);
    expect(
      (await saveReceipt(alice, { storeName: "Alice's Secret Co-op", items: [{ name: 'OAT MILK', price: 2.99, productId }] })).statusCode,
    ).toBe(201);

    const seenByBob = ZProductHistory.parse(
      (await callRoute(t.app, productsApi.history, { params: { id: productId }, headers: asUser(bob) })).json(),
    );
    expect(seenByBob.observations).toHaveLength(1);
    expect(seenByBob.observations[0]).toMatchObject({ storeName: 'Oat Town', unitPrice: 3.49, date: '2026-11-20', source: 'community' });
    const aliceObservations = await t.app.db.selectFrom('price_observations').select('id').where('user_id', '=', alice.id).execute();
    const body = JSON.stringify(seenByBob);
    for (const { id } of aliceObservations) expect(body).not.toContain(id);
    expect(body).not.toContain('Secret Co-op');

    const seenByAlice = ZProductHistory.parse(
      (await callRoute(t.app, productsApi.history, { params: { id: productId }, headers: asUser(alice) })).json(),
    );
    expect(seenByAlice.observations.map((o) => o.storeName).sort()).toEqual(["Alice's Secret Co-op", 'Oat Town']);
  });
});
