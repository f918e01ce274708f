import { beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_AGREEMENT_USERS,
  ZCatalogueChangeList,
  ZProductList,
  ZReceipt,
  type TCatalogueChange,
  receiptsApi,
  catalogueAdminApi,
  productsApi,
  listsApi,
  type RouteBody,
} from '@cartwise/contracts';
import { createId, nowIso } from '../../db/ids';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { createProduct, createStore } from '../deals/deals-test-helpers';
import { callRoute, callRouteWithBadInput } from '../../test/call-route';

// A catalogue no one shopper can change for everyone: relinks, new products and barcode names are the shopper's own
// until an operator approves them or enough shoppers agree; operators can undo what was approved.
const t = registerTestApp();
let admin: TestUser;
let storeId: string;
let bananasId: string;
let bleachId: string;

beforeAll(async () => {
  admin = await createAdmin(t.app);
  storeId = await createStore(t.app, 'Northmart Elm St', 'Northmart');
  bananasId = await createProduct(t.app, 'Bananas', 'Produce');
  bleachId = await createProduct(t.app, 'Bleach 1L', 'Household');
});

async function saveReceipt(user: TestUser, lineName: string, date = '2026-11-02') {
  const res = await callRoute(t.app, receiptsApi.create, {
    headers: asUser(user),
    body: { storeName: 'Northmart Elm St', storeId, date, items: [{ name: lineName, quantity: 1, price: 1.29 }], total: 1.29 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZReceipt.parse(res.json());
}

async function relink(user: TestUser, receipt: { id: string; items: { id: string }[] }, productId: string) {
  const res = await callRoute(t.app, receiptsApi.linkItem, {
    params: { id: receipt.id, itemId: receipt.items[0]!.id },
    headers: asUser(user),
    body: { productId },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function listChanges(view: 'pending' | 'recent' = 'pending') {
  const res = await callRoute(t.app, catalogueAdminApi.changes, { query: { view }, headers: asUser(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return ZCatalogueChangeList.parse(res.json()).items;
}

function decide(id: string, action: 'approve' | 'reject' | 'undo', user: TestUser = admin) {
  return t.app.inject({ method: 'POST', url: `/api/admin/catalogue/changes/${id}/${action}`, headers: asUser(user) });
}

const auditActions = async (changeId: string) =>
  (
    await t.app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('target_id', '=', changeId).orderBy('created_at').execute()
  ).map((row) => row.action);

async function search(user: TestUser, q: string): Promise<string[]> {
  const res = await callRoute(t.app, productsApi.search, { query: { q }, headers: asUser(user) });
  expect(res.statusCode, res.body).toBe(200);
  return ZProductList.parse(res.json()).products.map((product) => product.name);
}

function byBarcode(user: TestUser, code: string) {
  return callRoute(t.app, productsApi.byBarcode, { params: { code }, headers: asUser(user) });
}

function postProduct(user: TestUser, payload: RouteBody<typeof productsApi.create>) {
  return callRoute(t.app, productsApi.create, { headers: asUser(user), body: payload });
}

describe('relinking a receipt line', () => {
  it('is the shopper’s own at once and leaves everyone else’s BANANAS linked to bananas', async () => {
    const shopperA = await createUser(t.app);
    const shopperB = await createUser(t.app);
    const first = await saveReceipt(shopperA, 'BANANAS');
    expect(first.items[0]!.productId).toBe(bananasId);
    await relink(shopperA, first, bleachId);
    // A's next receipt from the chain follows A's own link.
    expect((await saveReceipt(shopperA, 'BANANAS', '2026-11-03')).items[0]!.productId).toBe(bleachId);
    // B's does not.
    expect((await saveReceipt(shopperB, 'BANANAS')).items[0]!.productId).toBe(bananasId);
    const pending = (await listChanges()).find((change) => change.alias === 'bananas' && change.productId === bleachId);
    expect(pending).toMatchObject({ kind: 'alias', status: 'pending', productName: 'Bleach 1L', chainName: 'Northmart', agreeingUsers: 1 });
    expect(pending?.proposedBy).toBe(shopperA.email);
  });

  it('becomes everyone’s when enough shoppers agree, and an operator’s undo puts the old link back', async () => {
    const lineName = 'QQZX WVK';
    const linkFor = async (date: string) => (await saveReceipt(await createUser(t.app), lineName, date)).items[0]!.productId;
    const shoppers = await Promise.all(Array.from({ length: CATALOGUE_AGREEMENT_USERS }, () => createUser(t.app)));
    for (const [index, shopper] of shoppers.entries()) {
      // Until the last agreeing shopper, a newcomer's line is not linked to bananas.
      expect(await linkFor(`2026-11-1${index}`)).not.toBe(bananasId);
      await relink(shopper, await saveReceipt(shopper, lineName), bananasId);
    }
    expect(await linkFor('2026-11-19')).toBe(bananasId);
    const approved = (await listChanges('recent')).filter((change) => change.productId === bananasId && change.kind === 'alias');
    expect(approved).toHaveLength(CATALOGUE_AGREEMENT_USERS);
    expect(approved[0]).toMatchObject({ status: 'approved', decidedHow: 'agreement', agreeingUsers: CATALOGUE_AGREEMENT_USERS });

    const undone = await decide(approved[0]!.id, 'undo');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<TCatalogueChange>().status).toBe('undone');
    expect(await auditActions(approved[0]!.id)).toEqual(['catalogue.undone']);
    expect(await linkFor('2026-11-20')).not.toBe(bananasId);
    // The agreeing shoppers keep their own link.
    expect((await saveReceipt(shoppers[0]!, lineName, '2026-11-20')).items[0]!.productId).toBe(bananasId);
    expect((await decide(approved[0]!.id, 'undo')).statusCode).toBe(409);
  });

  it('is everyone’s once an operator approves it; undo restores the link it replaced', async () => {
    const lineName = 'CHOC BAR DRK';
    const darkId = await createProduct(t.app, 'Dark Chocolate Bar', 'Snacks');
    const milkId = await createProduct(t.app, 'Milk Chocolate Bar', 'Snacks');
    const proposer = await createUser(t.app);
    const other = await createUser(t.app);
    await relink(proposer, await saveReceipt(proposer, lineName), darkId);
    const change = (await listChanges()).find((row) => row.alias === 'choc bar drk' && row.productId === darkId)!;
    const approved = await decide(change.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decidedHow: 'operator' });
    expect((await saveReceipt(other, lineName)).items[0]!.productId).toBe(darkId);

    // A second approved change replaces the first; undoing it names the dark bar again.
    const second = await createUser(t.app);
    await relink(second, await saveReceipt(second, lineName), milkId);
    const replacing = (await listChanges()).find((row) => row.alias === 'choc bar drk' && row.productId === milkId)!;
    expect((await decide(replacing.id, 'approve')).json()).toMatchObject({ previousProductName: 'Dark Chocolate Bar' });
    expect((await decide(change.id, 'undo')).statusCode).toBe(409);
    expect((await decide(replacing.id, 'undo')).statusCode).toBe(200);
    expect((await saveReceipt(other, lineName, '2026-11-05')).items[0]!.productId).toBe(darkId);
    expect(await auditActions(replacing.id)).toEqual(['catalogue.approved', 'catalogue.undone']);
  });
});

describe('barcodes', () => {
  it('names a new barcode for its first shopper only; others see it once approved', async () => {
    const shopperA = await createUser(t.app);
    const shopperB = await createUser(t.app);
    const created = await postProduct(shopperA, { name: 'Bleach', barcode: '4006381333931' });
    expect(created.statusCode, created.body).toBe(201);
    expect((await byBarcode(shopperA, '4006381333931')).json()).toMatchObject({ name: 'Bleach' });
    expect((await byBarcode(shopperB, '4006381333931')).statusCode).toBe(404);
    const change = (await listChanges()).find((row) => row.kind === 'product' && row.barcode === '4006381333931')!;
    expect(change).toMatchObject({ productName: 'Bleach', status: 'pending' });
    expect((await decide(change.id, 'approve')).statusCode).toBe(200);
    expect((await byBarcode(shopperB, '4006381333931')).json()).toMatchObject({ name: 'Bleach' });
  });

  it('does not rename a public barcode for others; approval moves it and undo gives it back', async () => {
    const barcode = '0036000291452';
    const oatMilk = createId();
    await t.app.db
      .insertInto('products')
      .values({
        id: oatMilk,
        name: 'Oat Milk',
        brand: null,
        category: null,
        size_value: null,
        size_unit: null,
        barcode,
        created_at: nowIso(),
      })
      .execute();
    const shopperA = await createUser(t.app);
    const shopperB = await createUser(t.app);
    const renamed = await postProduct(shopperA, { name: 'Bleach', barcode });
    expect(renamed.statusCode, renamed.body).toBe(201);
    expect((await byBarcode(shopperA, barcode)).json()).toMatchObject({ name: 'Bleach' });
    expect((await byBarcode(shopperB, barcode)).json()).toMatchObject({ id: oatMilk, name: 'Oat Milk' });
    expect((await postProduct(shopperA, { name: 'Bleach again', barcode })).statusCode).toBe(409);

    const change = (await listChanges()).find((row) => row.kind === 'product' && row.barcode === barcode)!;
    expect((await decide(change.id, 'approve')).json()).toMatchObject({ status: 'approved', previousProductName: 'Oat Milk' });
    expect((await byBarcode(shopperB, barcode)).json()).toMatchObject({ name: 'Bleach' });
    expect((await decide(change.id, 'undo')).statusCode).toBe(200);
    expect((await byBarcode(shopperB, barcode)).json()).toMatchObject({ id: oatMilk, name: 'Oat Milk' });
    // The proposer keeps their own name for it.
    expect((await byBarcode(shopperA, barcode)).json()).toMatchObject({ name: 'Bleach' });
  });

  it('is everyone’s name for a barcode once enough shoppers give it the same name', async () => {
    const barcode = '0000096385074';
    const reader = await createUser(t.app);
    const shoppers = await Promise.all(Array.from({ length: CATALOGUE_AGREEMENT_USERS }, () => createUser(t.app)));
    for (const [index, shopper] of shoppers.entries()) {
      expect((await byBarcode(reader, barcode)).statusCode).toBe(404);
      const name = index === 0 ? 'Peppermints' : 'PEPPERMINTS ';
      expect((await postProduct(shopper, { name, barcode })).statusCode).toBe(201);
    }
    expect((await byBarcode(reader, barcode)).json()).toMatchObject({ name: 'Peppermints' });
  });
});

describe('products from private receipts', () => {
  it('stay their shopper’s own until an operator approves them; undo makes them private again', async () => {
    const shopperA = await createUser(t.app);
    const shopperB = await createUser(t.app);
    const shopperC = await createUser(t.app);
    const receipt = await saveReceipt(shopperA, 'HIV SELF TEST');
    const productId = receipt.items[0]!.productId!;
    expect(productId).toBeTruthy();
    expect(await search(shopperA, 'self test')).toContain('Hiv Self Test');
    expect(await search(shopperB, 'self test')).toEqual([]);
    expect((await callRoute(t.app, productsApi.detail, { params: { id: productId }, headers: asUser(shopperB) })).statusCode).toBe(404);
    expect((await callRoute(t.app, productsApi.history, { params: { id: productId }, headers: asUser(shopperB) })).statusCode).toBe(404);
    // B's own receipt line is never linked to A's private product.
    expect((await saveReceipt(shopperB, 'HIV SELF TEST')).items[0]!.productId).not.toBe(productId);
    const list = await callRoute(t.app, listsApi.create, { headers: asUser(shopperB), body: { name: 'Pharmacy' } });
    const addOthers = await callRoute(t.app, listsApi.addItem, {
      params: { id: list.json().id },
      headers: asUser(shopperB),
      body: { name: 'Test', product_id: productId },
    });
    expect(addOthers.statusCode).toBe(404);

    const change = (await listChanges()).find((row) => row.kind === 'product' && row.productId === productId)!;
    expect(change).toMatchObject({ status: 'pending', productName: 'Hiv Self Test' });
    expect((await decide(change.id, 'approve', shopperB)).statusCode).toBe(403);
    expect(await search(shopperC, 'self test')).toEqual([]);
    expect((await decide(change.id, 'approve')).statusCode).toBe(200);
    expect(await search(shopperC, 'self test')).toEqual(['Hiv Self Test']);
    expect((await decide(change.id, 'approve')).statusCode).toBe(409);
    expect((await decide(change.id, 'undo')).statusCode).toBe(200);
    expect(await search(shopperC, 'self test')).toEqual([]);
    expect(await search(shopperA, 'self test')).toContain('Hiv Self Test');
    expect(await auditActions(change.id)).toEqual(['catalogue.approved', 'catalogue.undone']);
  });

  it('keeps a rejected product its shopper’s own', async () => {
    const shopper = await createUser(t.app);
    const other = await createUser(t.app);
    const productId = (await saveReceipt(shopper, 'MYSTERY TONIC')).items[0]!.productId!;
    const change = (await listChanges()).find((row) => row.productId === productId)!;
    expect((await decide(change.id, 'reject')).json()).toMatchObject({ status: 'rejected' });
    expect(await search(shopper, 'mystery tonic')).toEqual(['Mystery Tonic']);
    expect(await search(other, 'mystery tonic')).toEqual([]);
    expect((await decide(change.id, 'undo')).statusCode).toBe(409);
  });

  it('answers 4xx for an unknown or malformed change and for shoppers', async () => {
    const shopper = await createUser(t.app);
    expect((await decide(createId(), 'approve')).statusCode).toBe(404);
    expect((await decide('not-an-id', 'approve')).statusCode).toBe(400);
    expect((await callRoute(t.app, catalogueAdminApi.changes, { headers: asUser(shopper) })).statusCode).toBe(403);
    expect(
      (await callRouteWithBadInput(t.app, catalogueAdminApi.changes, { query: { view: 'all' }, headers: asUser(admin) })).statusCode,
    ).toBe(400);
  });
});
