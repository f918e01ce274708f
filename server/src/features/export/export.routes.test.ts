import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, ZDataExport, householdsApi, splitCartApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, toCookieHeader, type TestUser } from '../../test/factories';
import { createId, nowIso } from '../../db/ids';
import { seedDemo, type SeededDemo } from '../../seed/seed';
import { DEMO_PASSWORD, DEMO_SHOPPER_EMAIL } from '../../seed/accounts';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();
let demo: SeededDemo;
let shopperCookie: string;
let tricky: TestUser;

const TRICKY_NAME = 'Eggs, "jumbo"\nfree range';
const FORMULA_NAME = '=HYPERLINK("http://evil.test","click")';

beforeAll(async () => {
  demo = await seedDemo(t.app, { now: new Date('2026-11-22T12:00:00.000Z') });
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: DEMO_SHOPPER_EMAIL, password: DEMO_PASSWORD },
  });
  shopperCookie = toCookieHeader(signIn.headers['set-cookie']);
  tricky = await createUser(t.app);
  const receiptId = createId();
  const now = nowIso();
  await t.app.db
    .insertInto('receipts')
    .values({
      id: receiptId,
      user_id: tricky.id,
      store_name: 'Joe\'s "Corner", Shop',
      purchased_on: '2026-11-01',
      subtotal_cents: 1050,
      tax_cents: 0,
      total_cents: 1050,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.app.db
    .insertInto('receipt_items')
    .values([
      {
        id: createId(),
        receipt_id: receiptId,
        position: 0,
        name: TRICKY_NAME,
        quantity: 1,
        price_cents: 550,
        discount_cents: 0,
        created_at: now,
      },
      {
        id: createId(),
        receipt_id: receiptId,
        position: 1,
        name: FORMULA_NAME,
        quantity: 2,
        price_cents: 500,
        discount_cents: 5,
        created_at: now,
      },
    ])
    .execute();
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('data export', () => {
  it.each(['/api/export/receipts.csv', '/api/export/receipt-items.csv', '/api/export/all.json'])(
    'answers 401 to anonymous %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
    },
  );

  it('downloads the receipts as a CSV attachment, one row per receipt, newest first', async () => {
    const res = await get('/api/export/receipts.csv', shopperCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cartwise-receipts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'receipt_id',
      'purchased_on',
      'purchased_time',
      'store_name',
      'store_address',
      'subtotal',
      'tax',
      'total',
      'payment',
      'source',
      'created_at',
    ]);
    expect(rows).toHaveLength(1 + demo.receiptIds.length);
    const dates = rows.slice(1).map((r) => r[1]!);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const row of rows.slice(1)) {
      const [subtotal, tax, total] = [row[5], row[6], row[7]].map(Number);
      expect(total).toBeCloseTo(subtotal! + tax!, 2);
      expect(row[7]).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('downloads every receipt line as CSV with product names', async () => {
    const res = await get('/api/export/receipt-items.csv', shopperCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('cartwise-receipt-items-');
    const rows = parseCsv(res.body);
    const header = rows[0]!;
    const items = await t.app.db
      .selectFrom('receipt_items')
      .innerJoin('receipts', 'receipts.id', 'receipt_items.receipt_id')
      .select('receipt_items.id')
      .where('receipts.user_id', '=', demo.shopperId)
      .execute();
    expect(rows).toHaveLength(1 + items.length);
    const product = header.indexOf('product');
    expect(rows.slice(1).every((r) => r[product] !== '')).toBe(true);
  });

  it('escapes commas, quotes, newlines and formula-like text so the CSV reads back intact and safe', async () => {
    const receipts = await get('/api/export/receipts.csv', tricky.cookie);
    expect(parseCsv(receipts.body)[1]![3]).toBe('Joe\'s "Corner", Shop');
    const res = await get('/api/export/receipt-items.csv', tricky.cookie);
    expect(res.body).toContain('"Eggs, ""jumbo""\nfree range"');
    const rows = parseCsv(res.body);
    expect(rows).toHaveLength(3);
    const name = rows[0]!.indexOf('name');
    expect(rows[1]![name]).toBe(TRICKY_NAME);
    expect(rows[2]![name]).toBe(`'${FORMULA_NAME}`);
    expect(rows.slice(1).map((r) => r[rows[0]!.indexOf('line')])).toEqual(['1', '2']);
    expect(rows[2]![rows[0]!.indexOf('price')]).toBe('5.00');
    expect(rows[2]![rows[0]!.indexOf('discount')]).toBe('0.05');
  });

  it('downloads everything as one JSON attachment: profile, preferences, lists, pantry, receipts and submitted deals', async () => {
    const res = await get('/api/export/all.json', shopperCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cartwise-all-\d{4}-\d{2}-\d{2}\.json"$/);
    // Indented, so the file reads well in an editor.
    expect(res.body).toMatch(/^\{\n {2}"exported_at": /);
    const data = ZDataExport.parse(res.json());
    expect(data.profile).toMatchObject({ id: demo.shopperId, email: DEMO_SHOPPER_EMAIL });
    expect(data.preferences.home_store_ids).toHaveLength(2);
    expect(data.notifications).toEqual({ marketing: false, product: true, receipts: true, deal_alerts: true });
    expect(data.lists.map((l) => [l.name, l.items.length]).sort()).toEqual([
      ['Party', 4],
      ['Weekly shop', 10],
    ]);
    expect(data.pantry).toHaveLength(8);
    expect(data.receipts).toHaveLength(6);
    for (const receipt of data.receipts) {
      const sum = receipt.items.reduce((acc, item) => acc + item.price_cents - item.discount_cents, 0);
      expect(receipt.total_cents).toBe(sum + (receipt.tax_cents ?? 0));
    }
    // Only the deals this shopper submitted: the 2 pending ones and the approved one they found.
    expect(data.deals.map((d) => d.status).sort()).toEqual(['approved', 'pending', 'pending']);
  });

  it("never includes another user's data", async () => {
    const res = await get('/api/export/all.json', tricky.cookie);
    const data = ZDataExport.parse(res.json());
    expect(data.profile.id).toBe(tricky.id);
    expect(data.lists).toEqual([]);
    expect(data.pantry).toEqual([]);
    expect(data.deals).toEqual([]);
    expect(data.split_cart_plans).toEqual([]);
    expect(data.households).toEqual([]);
    expect(data.receipts).toHaveLength(1);
    const csv = await get('/api/export/receipts.csv', tricky.cookie);
    expect(parseCsv(csv.body)).toHaveLength(2);
    for (const receiptId of demo.receiptIds) expect(csv.body).not.toContain(receiptId);
    const items = await get('/api/export/receipt-items.csv', asUser(tricky).cookie);
    expect(items.body).not.toContain('Whole Milk');
  });

  it('exports just the headers and empty collections for a new account', async () => {
    const fresh = await createUser(t.app);
    const csv = await get('/api/export/receipts.csv', fresh.cookie);
    expect(parseCsv(csv.body)).toHaveLength(1);
    const data = ZDataExport.parse((await get('/api/export/all.json', fresh.cookie)).json());
    expect(data.receipts).toEqual([]);
    expect(data.preferences).toMatchObject({ currency: 'USD', home_store_ids: [] });
  });

  it('includes the split-cart plans the shopper went with and the households they belong to', async () => {
    const cookie = { cookie: shopperCookie };
    const listId = demo.listIds[0]!;
    const used = await callRoute(t.app, splitCartApi.usePlan, {
      params: { id: listId },
      query: { tripCostCents: '100', maxStores: 'any' },
      headers: cookie,
    });
    expect(used.statusCode, used.body).toBe(201);
    const created = await callRoute(t.app, householdsApi.create, { headers: cookie, body: { name: 'The Lees' } });
    expect(created.statusCode, created.body).toBe(201);
    const data = ZDataExport.parse((await get('/api/export/all.json', shopperCookie)).json());
    expect(data.split_cart_plans).toHaveLength(1);
    const [plan] = data.split_cart_plans;
    expect(plan).toMatchObject({ list_id: listId });
    // A started trip counts nothing until it is finished.
    expect(plan!.savings_cents).toBe(0);
    expect(data.households).toEqual([expect.objectContaining({ name: 'The Lees', role: 'owner' })]);
  });
});
