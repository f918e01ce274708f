import { beforeAll, describe, expect, it } from 'vitest';
import { ZDeal, ZDealList, ZDealsForYou, addDaysIso, getTodayIso, dealsApi, storesApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, markEmailVerified, type TestUser } from '../../test/factories';
import { findActiveDealPrices } from './deal-prices';
import { runDealDigest } from './deal-alerts';
import { approve, createApprovedDeal, createProduct, createReceipt, createStore, submitDeal } from './deals-test-helpers';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();
let shopper: TestUser;
let admin: TestUser;
let storeId: string;

beforeAll(async () => {
  shopper = await createUser(t.app);
  admin = await createAdmin(t.app);
  storeId = await createStore(t.app, 'Lidl Main Street', 'Lidl');
});

const valid = () => ({ title: 'Organic bananas', description: 'Yellow tag, aisle 3', price: 1.49, storeId });

async function listDeals(user: TestUser, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/deals${query}`, headers: asUser(user) });
  expect(res.statusCode).toBe(200);
  return ZDealList.parse(res.json());
}

describe('deal submission validation', () => {
  it('answers 401 to anonymous submissions and lists', async () => {
    expect((await callRoute(t.app, dealsApi.create, { body: valid() })).statusCode).toBe(401);
    expect((await callRoute(t.app, dealsApi.list)).statusCode).toBe(401);
  });

  it.each([
    ['title', 'Title is required'],
    ['description', 'Description is required'],
    ['price', 'Price is required'],
    ['storeId', 'Store is required'],
  ])('rejects a deal without %s with a clear 400', async (field, message) => {
    const payload: Record<string, unknown> = valid();
    delete payload[field];
    const res = await submitDeal(t.app, shopper, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_error', message });
  });

  it('rejects blank text fields', async () => {
    const res = await submitDeal(t.app, shopper, { ...valid(), title: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Title is required');
  });

  it.each([
    [-1, 'Price must be more than 0'],
    [0, 'Price must be more than 0'],
    [1.234, 'Price can have at most 2 decimals'],
    ['abc', 'Price must be a number'],
  ])('rejects the price %s', async (price, message) => {
    const res = await submitDeal(t.app, shopper, { ...valid(), price });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('rejects a sale price above the original price', async () => {
    const res = await submitDeal(t.app, shopper, { ...valid(), price: 3, originalPrice: 2.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Sale price must not be above the original price');
  });

  it('rejects an unknown store and an end date in the past', async () => {
    const unknownStore = await submitDeal(t.app, shopper, { ...valid(), storeId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownStore.statusCode).toBe(400);
    expect(unknownStore.json().message).toMatch(/store not found/i);
    const past = await submitDeal(t.app, shopper, { ...valid(), endDate: addDaysIso(getTodayIso(), -1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('End date has already passed');
  });

  it('creates a pending deal that only its submitter sees, under My submissions', async () => {
    const res = await submitDeal(t.app, shopper, { ...valid(), originalPrice: 1.99, endDate: addDaysIso(getTodayIso(), 5) });
    expect(res.statusCode).toBe(201);
    const deal = ZDeal.parse(res.json());
    expect(deal).toMatchObject({
      status: 'pending',
      productName: 'Organic bananas',
      salePrice: 1.49,
      originalPrice: 1.99,
      percentOff: 25,
      isMine: true,
    });
    expect(deal.store).toMatchObject({ name: 'Lidl Main Street', chainName: 'Lidl' });
    const mine = await listDeals(shopper);
    expect(mine.items.map((d) => d.id)).not.toContain(deal.id);
    expect(mine.mySubmissions.map((d) => d.id)).toContain(deal.id);
    const other = await createUser(t.app);
    expect((await listDeals(other)).mySubmissions).toHaveLength(0);
    const peek = await callRoute(t.app, dealsApi.detail, { params: { id: deal.id }, headers: asUser(other) });
    expect(peek.statusCode).toBe(404);
  });

  it('creates a typed-in store under its chain when the store is new', async () => {
    const res = await submitDeal(t.app, shopper, { title: 'Rice 1kg', description: 'Big bag', price: 2, storeName: 'Lidl' });
    expect(res.statusCode).toBe(201);
    expect(ZDeal.parse(res.json()).store).toMatchObject({ name: 'Lidl', chainName: 'Lidl' });
  });

  it('keeps a typed-in new store private to its submitter until a moderator approves the deal', async () => {
    const other = await createUser(t.app);
    const storeNames = async (who: TestUser) =>
      ((await callRoute(t.app, storesApi.list, { headers: asUser(who) })).json() as { items: { name: string }[] }).items.map((s) => s.name);
    const res = await submitDeal(t.app, shopper, { title: 'Pop-up melons', description: 'Crate', price: 3, storeName: 'Pop-up Grocer' });
    expect(res.statusCode).toBe(201);
    expect(await storeNames(shopper)).toContain('Pop-up Grocer');
    expect(await storeNames(other)).not.toContain('Pop-up Grocer');
    expect((await approve(t.app, admin, res.json().id)).statusCode).toBe(200);
    expect(await storeNames(other)).toContain('Pop-up Grocer');
  });

  it('creates a typed-in new store once when several shoppers type it at the same moment', async () => {
    const shoppers = await Promise.all([1, 2, 3, 4].map(() => createUser(t.app)));
    const responses = await Promise.all(
      shoppers.map((who, i) =>
        submitDeal(t.app, who, { title: `Opening offer ${i}`, description: 'Flyer', price: 1, storeName: 'Grand Opening Grocer' }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const stores = await t.app.db.selectFrom('store_locations').select('id').where('name', '=', 'Grand Opening Grocer').execute();
    expect(stores).toHaveLength(1);
    expect(new Set(responses.map((r) => ZDeal.parse(r.json()).store?.id))).toEqual(new Set([stores[0]!.id]));
  });

  it('flags a likely duplicate of an active deal at the same store', async () => {
    const store = await createStore(t.app, 'Aldi Dup');
    const first = await submitDeal(t.app, shopper, { ...valid(), storeId: store, title: 'Greek yoghurt 500g', price: 2.49 });
    const second = await submitDeal(t.app, shopper, { ...valid(), storeId: store, title: 'Greek Yoghurt', price: 2.39 });
    const row = (id: string) => t.app.db.selectFrom('deals').select('is_possible_duplicate').where('id', '=', id).executeTakeFirstOrThrow();
    expect((await row(first.json().id)).is_possible_duplicate).toBe(0);
    expect((await row(second.json().id)).is_possible_duplicate).toBe(1);
  });
});

describe('deal listing', () => {
  it('lists only approved, started and unexpired deals, grouped data with store chain', async () => {
    const approvedId = await createApprovedDeal(t.app, await createUser(t.app), admin, {
      ...valid(),
      title: 'Listed cheese',
      endDate: addDaysIso(getTodayIso(), 2),
    });
    const pending = await submitDeal(t.app, await createUser(t.app), { ...valid(), title: 'Pending cheese' });
    const futureId = await createApprovedDeal(t.app, await createUser(t.app), admin, {
      ...valid(),
      title: 'Future cheese',
      startDate: addDaysIso(getTodayIso(), 3),
    });
    const expiredId = await createApprovedDeal(t.app, await createUser(t.app), admin, {
      ...valid(),
      title: 'Expired cheese',
      endDate: addDaysIso(getTodayIso(), 1),
    });
    await t.app.db
      .updateTable('deals')
      .set({ ends_on: addDaysIso(getTodayIso(), -1) })
      .where('id', '=', expiredId)
      .execute();

    const viewer = await createUser(t.app);
    const ids = (await listDeals(viewer)).items.map((d) => d.id);
    expect(ids).toContain(approvedId);
    expect(ids).not.toContain(pending.json().id);
    expect(ids).not.toContain(futureId);
    expect(ids).not.toContain(expiredId);
  });

  it('searches by product or store name and filters ending soon and my stores', async () => {
    const otherStore = await createStore(t.app, 'Corner Shop');
    const soonId = await createApprovedDeal(t.app, await createUser(t.app), admin, {
      ...valid(),
      title: 'Searchable pasta',
      endDate: addDaysIso(getTodayIso(), 1),
    });
    const laterId = await createApprovedDeal(t.app, await createUser(t.app), admin, {
      ...valid(),
      storeId: otherStore,
      title: 'Searchable sauce',
      endDate: addDaysIso(getTodayIso(), 20),
    });
    const viewer = await createUser(t.app);
    expect((await listDeals(viewer, '?q=PASTA')).items.map((d) => d.id)).toEqual([soonId]);
    expect((await listDeals(viewer, '?q=corner')).items.map((d) => d.id)).toEqual([laterId]);
    const soon = (await listDeals(viewer, '?q=searchable&isEndingSoon=true')).items.map((d) => d.id);
    expect(soon).toEqual([soonId]);
    await t.app.db.insertInto('user_home_stores').values({ user_id: viewer.id, store_id: otherStore }).execute();
    expect((await listDeals(viewer, '?q=searchable&isMyStores=true')).items.map((d) => d.id)).toEqual([laterId]);
  });
});

describe('matching, alerts and the price book', () => {
  it('alerts a shopper who bought the product, shows it For you, and emails one digest a day', async () => {
    const buyer = await createUser(t.app);
    const stranger = await createUser(t.app);
    await createReceipt(t.app, buyer.id, [{ name: 'PEANUT BUTTER CRUNCHY' }, { name: 'BREAD' }]);
    await createReceipt(t.app, stranger.id, [{ name: 'PEANUT BUTTER CRUNCHY' }], 200);
    const dealId = await createApprovedDeal(t.app, await createUser(t.app), admin, {
      ...valid(),
      title: 'Crunchy peanut butter 340g',
      originalPrice: 3.5,
      price: 2.5,
    });

    const alerts = await t.app.db
      .selectFrom('notifications')
      .selectAll()
      .where('kind', '=', 'deal_alert')
      .where('link', '=', `/u/deals/${dealId}`)
      .execute();
    expect(alerts.map((n) => n.user_id)).toEqual([buyer.id]);

    const forYou = await callRoute(t.app, dealsApi.forYou, { headers: asUser(buyer) });
    expect(ZDealsForYou.parse(forYou.json()).items).toEqual([
      expect.objectContaining({ source: 'receipt', matchedName: 'PEANUT BUTTER CRUNCHY' }),
    ]);
    const none = await callRoute(t.app, dealsApi.forYou, { headers: asUser(stranger) });
    expect(none.json().items).toHaveLength(0);

    const first = await runDealDigest(t.app);
    expect(first.emailed).toBeGreaterThanOrEqual(1);
    const mail = await t.app.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', buyer.email).executeTakeFirstOrThrow();
    expect(mail.body).toContain('Crunchy peanut butter');
    const link = /(\/api\/unsubscribe\?token=[^\s&]+&list=deal_alerts)/.exec(mail.body)?.[1];
    expect(link).toBeTruthy();

    // A second deal the same day waits for tomorrow's digest.
    await createApprovedDeal(t.app, await createUser(t.app), admin, { ...valid(), title: 'Sliced bread', price: 0.99 });
    await runDealDigest(t.app);
    expect(await t.app.db.selectFrom('outbox_messages').select('id').where('recipient', '=', buyer.email).execute()).toHaveLength(1);
    await runDealDigest(t.app, new Date(Date.now() + 25 * 3600 * 1000));
    expect(await t.app.db.selectFrom('outbox_messages').select('id').where('recipient', '=', buyer.email).execute()).toHaveLength(2);

    // The unsubscribe link works signed out and turns deal alert emails off.
    const unsubscribe = await t.app.inject({ method: 'GET', url: link! });
    expect(unsubscribe.statusCode).toBe(200);
    expect(unsubscribe.headers['content-type']).toMatch(/text\/html/);
    expect(unsubscribe.body).toContain('unsubscribed');
    const prefs = await t.app.db
      .selectFrom('notification_preferences')
      .select('deal_alerts')
      .where('user_id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(prefs.deal_alerts).toBe(0);
    // In-app alerts continue; emails stop.
    await createApprovedDeal(t.app, await createUser(t.app), admin, {
      ...valid(),
      title: 'Crunchy peanut butter jumbo',
      price: 3.1,
      originalPrice: 4,
    });
    await runDealDigest(t.app, new Date(Date.now() + 50 * 3600 * 1000));
    expect(await t.app.db.selectFrom('outbox_messages').select('id').where('recipient', '=', buyer.email).execute()).toHaveLength(2);
    expect(
      await t.app.db.selectFrom('notifications').select('id').where('user_id', '=', buyer.id).where('kind', '=', 'deal_alert').execute(),
    ).toHaveLength(3);
    const bad = await callRoute(t.app, dealsApi.unsubscribe, { query: { token: 'nope', list: 'deal_alerts' } });
    expect(bad.statusCode).toBe(404);
  });

  it('emails no digest to an unconfirmed address and sends it once the address is confirmed', async () => {
    const buyer = await createUser(t.app, { isEmailVerified: false });
    await createReceipt(t.app, buyer.id, [{ name: 'GREEK YOGURT PLAIN' }]);
    await createApprovedDeal(t.app, await createUser(t.app), admin, { ...valid(), title: 'Greek yogurt plain 500g', price: 1.99 });
    const digests = async () =>
      (await t.app.db.selectFrom('outbox_messages').select('subject').where('recipient', '=', buyer.email).execute()).filter((m) =>
        /deal/.test(m.subject),
      );
    await runDealDigest(t.app);
    expect(await digests()).toHaveLength(0);
    await markEmailVerified(t.app, buyer.id);
    await runDealDigest(t.app);
    expect(await digests()).toHaveLength(1);
  });

  it('sends one digest when two passes run at once (several server instances)', async () => {
    const buyer = await createUser(t.app);
    await createReceipt(t.app, buyer.id, [{ name: 'OAT MILK BARISTA' }]);
    await createApprovedDeal(t.app, await createUser(t.app), admin, { ...valid(), title: 'Oat milk barista 1L', price: 1.99 });
    const later = new Date(Date.now() + 80 * 3600 * 1000);
    const [a, b] = await Promise.all([runDealDigest(t.app, later), runDealDigest(t.app, new Date(later.getTime() + 1))]);
    expect(await t.app.db.selectFrom('outbox_messages').select('id').where('recipient', '=', buyer.email).execute()).toHaveLength(1);
    expect(a.emailed + b.emailed).toBeGreaterThanOrEqual(1);
    const queued = await t.app.db
      .selectFrom('deal_alerts')
      .select('id')
      .where('user_id', '=', buyer.id)
      .where('emailed_at', 'is', null)
      .execute();
    expect(queued).toHaveLength(0);
  });

  it('matches open list and pantry items but not checked-off list items', async () => {
    const planner = await createUser(t.app);
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('shopping_lists')
      .values({ id: crypto.randomUUID(), user_id: planner.id, name: 'Week', created_at: now, updated_at: now })
      .execute();
    const list = await t.app.db.selectFrom('shopping_lists').select('id').where('user_id', '=', planner.id).executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('list_items')
      .values([
        { id: crypto.randomUUID(), list_id: list.id, name: 'Basmati rice', is_checked: 0, created_at: now },
        { id: crypto.randomUUID(), list_id: list.id, name: 'Dish soap', is_checked: 1, created_at: now },
      ])
      .execute();
    await t.app.db
      .insertInto('pantry_items')
      .values({ id: crypto.randomUUID(), user_id: planner.id, name: 'Olive oil', created_at: now, updated_at: now })
      .execute();
    await createApprovedDeal(t.app, await createUser(t.app), admin, { ...valid(), title: 'Basmati Rice 2kg' });
    await createApprovedDeal(t.app, await createUser(t.app), admin, { ...valid(), title: 'Extra virgin olive oil' });
    await createApprovedDeal(t.app, await createUser(t.app), admin, { ...valid(), title: 'Dish soap lemon' });
    const res = await callRoute(t.app, dealsApi.forYou, { headers: asUser(planner) });
    const items = ZDealsForYou.parse(res.json()).items;
    expect(items.map((i) => [i.deal.productName, i.source]).sort()).toEqual([
      ['Basmati Rice 2kg', 'list'],
      ['Extra virgin olive oil', 'pantry'],
    ]);
  });

  it('feeds approved deals with a product into the price book for their dates', async () => {
    const productId = await createProduct(t.app, 'Oat milk 1L', 'Dairy');
    const start = addDaysIso(getTodayIso(), 1);
    const dealId = await createApprovedDeal(t.app, await createUser(t.app), admin, {
      ...valid(),
      title: 'Oat milk',
      productId,
      price: 1.25,
      startDate: start,
      endDate: addDaysIso(start, 6),
    });
    const observation = await t.app.db
      .selectFrom('price_observations')
      .selectAll()
      .where('source_id', '=', dealId)
      .executeTakeFirstOrThrow();
    expect(observation).toMatchObject({
      product_id: productId,
      store_id: storeId,
      unit_price_cents: 125,
      is_deal: 1,
      source: 'deal',
      observed_on: start,
    });
    expect(await findActiveDealPrices(t.app.db, { date: getTodayIso(), productIds: [productId] })).toEqual([]);
    expect(await findActiveDealPrices(t.app.db, { date: start, productIds: [productId] })).toEqual([
      expect.objectContaining({ dealId, productId, storeId, salePriceCents: 125 }),
    ]);
    expect(await findActiveDealPrices(t.app.db, { date: addDaysIso(start, 7), productIds: [productId] })).toEqual([]);
    const deal = await t.app.db.selectFrom('deals').select('category').where('id', '=', dealId).executeTakeFirstOrThrow();
    expect(deal.category).toBe('Dairy');
  });

  it('approving twice answers 409', async () => {
    const res = await submitDeal(t.app, await createUser(t.app), { ...valid(), title: 'Twice' });
    expect((await approve(t.app, admin, res.json().id)).statusCode).toBe(200);
    expect((await approve(t.app, admin, res.json().id)).statusCode).toBe(409);
  });
});
