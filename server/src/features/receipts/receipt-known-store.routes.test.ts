import { describe, expect, it } from 'vitest';
import { ZReceipt, ZReceiptJob, receiptJobsApi, catalogueAdminApi, receiptsApi, priceBookApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { createProduct } from '../deals/deals-test-helpers';
import { runReceiptJobsOnce } from './receipt-worker';
import { callRoute } from '../../test/call-route';

// A misread store name on the review is matched to the store Cartwise already has, so its price history stays one.
const t = registerTestApp();

const DEFAULT_LINES = ['BANANAS            1.29', 'OAT MILK 1L        3.49', 'TOTAL              4.78'];

async function readPastedReceipt(owner: TestUser, header: string, lines = DEFAULT_LINES) {
  const text = [header, '10/02/2026 14:05', ...lines].join('\n');
  const res = await callRoute(t.app, receiptJobsApi.upload, { headers: asUser(owner), body: { text } });
  expect(res.statusCode, res.body).toBe(201);
  const jobId = (res.json() as { jobs: { id: string }[] }).jobs[0]!.id;
  expect(await runReceiptJobsOnce(t.app)).toBe(true);
  const job = ZReceiptJob.parse((await callRoute(t.app, receiptJobsApi.detail, { params: { id: jobId }, headers: asUser(owner) })).json());
  return { jobId, draft: job.draft! };
}

async function saveManualReceipt(owner: TestUser, storeName: string) {
  const res = await callRoute(t.app, receiptsApi.create, {
    headers: asUser(owner),
    body: { storeName, date: '2026-10-01', items: [{ name: 'BANANAS', quantity: 1, price: 1.19 }], total: 1.19 },
  });
  expect(res.statusCode, res.body).toBe(201);
  const receipt = ZReceipt.parse(res.json());
  // A store one shopper's receipt created is theirs until it is approved; these tests are about stores everyone has.
  await t.app.db.updateTable('store_locations').set({ is_public: 1 }).where('id', '=', receipt.storeId!).execute();
  return receipt;
}

describe('the review matches a misread store name to a known store', () => {
  it('offers the known store, says what was read, and the saved receipt joins that store', async () => {
    const first = await saveManualReceipt(await createUser(t.app), 'CORNER MARKET');
    const shopper = await createUser(t.app);
    const { jobId, draft } = await readPastedReceipt(shopper, 'CORNER MARKFT');
    expect(draft.storeName.value).toBe('CORNER MARKET');
    expect(draft.knownStore).toEqual({ id: first.storeId, name: 'CORNER MARKET', readAs: 'CORNER MARKFT' });

    const saved = await callRoute(t.app, receiptJobsApi.save, {
      params: { id: jobId },
      headers: asUser(shopper),
      body: {
        storeName: draft.storeName.value!,
        date: draft.date.value!,
        items: draft.items.map(({ name, quantity, price }) => ({ name, quantity, price })),
        total: draft.total.value!,
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(ZReceipt.parse(saved.json()).storeId).toBe(first.storeId);
    const misread = await t.app.db.selectFrom('store_locations').select('id').where('name', '=', 'CORNER MARKFT').execute();
    expect(misread).toEqual([]);
  });

  it('keeps the name as read when no known store is close', async () => {
    await saveManualReceipt(await createUser(t.app), 'CORNER MARKET');
    const { draft } = await readPastedReceipt(await createUser(t.app), 'MAPLE LEAF FOODS');
    expect(draft.storeName.value).toBe('MAPLE LEAF FOODS');
    expect(draft.knownStore).toBeUndefined();
  });

  it("suggests products from the known store's own chain, whatever its name says", async () => {
    // An operator's store whose name does not start with its chain's: the chain can only come from the store.
    const admin = await createAdmin(t.app);
    const chain = await callRoute(t.app, priceBookApi.createChain, { headers: asUser(admin), body: { name: 'Hillside Group' } });
    const chainId = (chain.json() as { id: string }).id;
    const created = await callRoute(t.app, priceBookApi.createStore, {
      headers: asUser(admin),
      body: { name: 'SUNRISE MART 12', chainId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const oats = await createProduct(t.app, 'Rolled Oats 500 g');
    // A shopper links the till's abbreviation to the product once; approved, it is remembered for that chain.
    const first = await saveManualReceipt(await createUser(t.app), 'SUNRISE MART 12');
    const teacher = await createUser(t.app);
    const taught = await callRoute(t.app, receiptsApi.create, {
      headers: asUser(teacher),
      body: { storeName: 'SUNRISE MART 12', date: '2026-10-01', items: [{ name: 'RLD OTS 5', quantity: 1, price: 2.19 }], total: 2.19 },
    });
    const receipt = ZReceipt.parse(taught.json());
    expect(receipt.storeId).toBe(first.storeId);
    const linked = await callRoute(t.app, receiptsApi.linkItem, {
      params: { id: receipt.id, itemId: receipt.items[0]!.id },
      headers: asUser(teacher),
      body: { productId: oats },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const changes = await callRoute(t.app, catalogueAdminApi.changes, { headers: asUser(admin) });
    const change = changes.json().items.find((row) => row.productId === oats)!;
    const approved = await callRoute(t.app, catalogueAdminApi.approve, { params: { id: change.id }, headers: asUser(admin) });
    expect(approved.statusCode, approved.body).toBe(200);

    const { draft } = await readPastedReceipt(await createUser(t.app), 'SUNRISE MAHT 12', [
      'RLD OTS 5          2.29',
      'TOTAL              2.29',
    ]);
    expect(draft.knownStore?.id).toBe(first.storeId);
    expect(draft.items.map((item) => [item.productId, item.isAliasMatch])).toEqual([[oats, true]]);
  });

  it('offers the store that a receipt with the same seller registration number was saved for, however the name was read', async () => {
    const first = await createUser(t.app);
    const read = await readPastedReceipt(first, 'GARDENIA BAKERIES (KL) SDN BHD\nGST ID: 000381399040');
    const saved = await callRoute(t.app, receiptJobsApi.save, {
      params: { id: read.jobId },
      headers: asUser(first),
      body: {
        storeName: read.draft.storeName.value!,
        date: read.draft.date.value!,
        items: read.draft.items.map(({ name, quantity, price }) => ({ name, quantity, price })),
        total: read.draft.total.value!,
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const storeId = ZReceipt.parse(saved.json()).storeId;
    await t.app.db.updateTable('store_locations').set({ is_public: 1 }).where('id', '=', storeId!).execute();

    // Too garbled for the name matcher; the number printed under it is the same seller's.
    const { draft } = await readPastedReceipt(await createUser(t.app), 'GARDENG LES (KE)SDN BHD\nGST ID: 000381399040');
    expect(draft.knownStore).toEqual({
      id: storeId,
      name: 'GARDENIA BAKERIES (KL) SDN BHD',
      readAs: 'GARDENG LES (KE)SDN BHD',
      isSellerMatch: true,
    });
    const other = await readPastedReceipt(await createUser(t.app), 'GARDENG LES (KE)SDN BHD\nGST ID: 000999999999');
    expect(other.draft.knownStore).toBeUndefined();
    // With no name read at all, the number alone offers the store.
    const unnamed = await readPastedReceipt(await createUser(t.app), '|||\nGST ID: 000381399040');
    expect(unnamed.draft.storeName.value).toBe('GARDENIA BAKERIES (KL) SDN BHD');
    expect(unnamed.draft.knownStore).toEqual({ id: storeId, name: 'GARDENIA BAKERIES (KL) SDN BHD', readAs: '', isSellerMatch: true });
    // A known store's name read exactly is that store, whatever number is printed under it.
    const corner = await saveManualReceipt(await createUser(t.app), 'CORNER BAKERY');
    const exact = await readPastedReceipt(await createUser(t.app), 'CORNER BAKERY\nGST ID: 000381399040');
    expect(exact.draft.knownStore).toEqual({ id: corner.storeId, name: 'CORNER BAKERY', readAs: 'CORNER BAKERY' });
  });
});
