import { beforeAll, describe, expect, it } from 'vitest';
import { ZProfile, ZRecommendationPlan, accountApi, settingsApi, listsApi, splitCartApi } from '@cartwise/contracts';
import { createTestApp, registerTestApp, type TestApp } from '../test/test-app';
import { toCookieHeader } from '../test/factories';
import { seedDemo, seedDemoIfEmpty, type SeededDemo } from './seed';
import { DEMO_OPERATOR_EMAIL, DEMO_PASSWORD, DEMO_SHOPPER_EMAIL } from './accounts';
import { callRoute } from '../test/call-route';

const NOW = new Date('2026-11-22T12:00:00.000Z');

const t = registerTestApp();
let demo: SeededDemo;
beforeAll(async () => {
  demo = await seedDemo(t.app, { now: NOW });
});

async function count(
  table: 'store_chains' | 'store_locations' | 'products' | 'price_observations' | 'receipts' | 'pantry_items',
): Promise<number> {
  const row = await t.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function signIn(email: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode).toBe(200);
  return toCookieHeader(res.headers['set-cookie']);
}

describe('demo seed', () => {
  it('creates 4 chains with 2 locations each and a catalogue of about 40 products', async () => {
    expect(await count('store_chains')).toBe(4);
    expect(await count('store_locations')).toBe(8);
    expect(await count('products')).toBeGreaterThanOrEqual(40);
    expect(Object.keys(demo.productIds)).toEqual(expect.arrayContaining(['milk', 'eggs', 'bread', 'bananas', 'chicken', 'rice', 'coffee']));
  });

  it('records 8 weeks of prices for most products at most stores, with some gaps', async () => {
    const products = await count('products');
    const pairs = await t.app.db
      .selectFrom('price_observations')
      .select(['product_id', 'store_id'])
      .where('source', '=', 'seed')
      .groupBy(['product_id', 'store_id'])
      .execute();
    expect(pairs.length).toBeGreaterThan(products * 8 * 0.75);
    expect(pairs.length).toBeLessThan(products * 8);
    const oldest = await t.app.db
      .selectFrom('price_observations')
      .select((eb) => eb.fn.min('observed_on').as('d'))
      .where('source', '=', 'seed')
      .executeTakeFirstOrThrow();
    expect(String(oldest.d) >= '2026-09-01').toBe(true);
    const nonPositive = await t.app.db.selectFrom('price_observations').select('id').where('unit_price_cents', '<=', 0).execute();
    expect(nonPositive).toHaveLength(0);
  });

  it('creates 6 approved deals ending in the future, one without a store, and 2 pending deals from the shopper', async () => {
    const approved = await t.app.db.selectFrom('deals').selectAll().where('status', '=', 'approved').execute();
    expect(approved).toHaveLength(6);
    expect(approved.every((d) => d.ends_on !== null && d.ends_on > '2026-11-22')).toBe(true);
    expect(approved.every((d) => d.original_price_cents !== null && d.original_price_cents > d.sale_price_cents)).toBe(true);
    expect(approved.filter((d) => d.store_id === null)).toHaveLength(1);
    const chains = await t.app.db
      .selectFrom('deals')
      .innerJoin('store_locations', 'store_locations.id', 'deals.store_id')
      .select('store_locations.chain_id')
      .where('deals.status', '=', 'approved')
      .distinct()
      .execute();
    expect(chains.length).toBeGreaterThanOrEqual(3);
    const pending = await t.app.db.selectFrom('deals').selectAll().where('status', '=', 'pending').execute();
    expect(pending.map((d) => d.submitted_by)).toEqual([demo.shopperId, demo.shopperId]);
  });

  it('gives the shopper two lists, a pantry with expiry dates and home stores', async () => {
    const lists = await t.app.db.selectFrom('shopping_lists').selectAll().where('user_id', '=', demo.shopperId).orderBy('name').execute();
    expect(lists.map((l) => l.name)).toEqual(['Party', 'Weekly shop']);
    const sizes = await Promise.all(
      lists.map(async (list) => {
        const items = await t.app.db.selectFrom('list_items').selectAll().where('list_id', '=', list.id).execute();
        expect(items.every((item) => item.product_id !== null)).toBe(true);
        return items.length;
      }),
    );
    expect(sizes).toEqual([4, 10]);
    const pantry = await t.app.db.selectFrom('pantry_items').selectAll().where('user_id', '=', demo.shopperId).execute();
    expect(pantry).toHaveLength(8);
    expect(pantry.filter((p) => p.expires_on !== null).length).toBeGreaterThanOrEqual(3);
    const homes = await t.app.db.selectFrom('user_home_stores').selectAll().where('user_id', '=', demo.shopperId).execute();
    expect(homes).toHaveLength(2);
    const prefs = await t.app.db
      .selectFrom('notification_preferences')
      .selectAll()
      .where('user_id', '=', demo.shopperId)
      .executeTakeFirstOrThrow();
    expect([prefs.marketing, prefs.product, prefs.receipts, prefs.deal_alerts]).toEqual([0, 1, 1, 1]);
  });

  it('creates 6 receipts over 3 months whose totals equal their items plus tax', async () => {
    const receipts = await t.app.db.selectFrom('receipts').selectAll().where('user_id', '=', demo.shopperId).execute();
    expect(receipts).toHaveLength(6);
    for (const receipt of receipts) {
      expect(receipt.purchased_on! >= '2026-08-22' && receipt.purchased_on! <= '2026-11-22').toBe(true);
      const items = await t.app.db.selectFrom('receipt_items').selectAll().where('receipt_id', '=', receipt.id).execute();
      expect(items.length).toBeGreaterThanOrEqual(5);
      expect(items.every((item) => item.product_id !== null)).toBe(true);
      const itemsSum = items.reduce((sum, item) => sum + item.price_cents - item.discount_cents, 0);
      expect(receipt.subtotal_cents).toBe(itemsSum);
      expect(receipt.total_cents).toBe(itemsSum + (receipt.tax_cents ?? 0));
    }
  });

  it('seedDemoIfEmpty seeds an empty database, with the same prices on every run', async () => {
    const other = await createTestApp();
    try {
      await seedDemoIfEmpty(other.app);
      const pricesOf = async (app: TestApp['app']) =>
        (
          await app.db
            .selectFrom('price_observations')
            .innerJoin('products', 'products.id', 'price_observations.product_id')
            .select('price_observations.unit_price_cents')
            .where('products.name', '=', 'Whole Milk')
            .where('price_observations.source', '=', 'seed')
            .execute()
        )
          .map((r) => r.unit_price_cents)
          .sort((a, b) => a - b);
      const prices = await pricesOf(other.app);
      expect(prices.length).toBeGreaterThan(0);
      expect(prices).toEqual(await pricesOf(t.app));
    } finally {
      await other.close();
    }
  });

  it('lets the shopper sign in and see an onboarded profile through the API', async () => {
    const cookie = await signIn(DEMO_SHOPPER_EMAIL);
    const me = ZProfile.parse((await callRoute(t.app, accountApi.me, { headers: { cookie } })).json());
    expect(me).toMatchObject({ id: demo.shopperId, email: DEMO_SHOPPER_EMAIL, role: 'user', is_onboarded: true });
    const prefs = await callRoute(t.app, settingsApi.preferences, { headers: { cookie } });
    expect(prefs.json().home_store_ids).toHaveLength(2);
    const lists = await callRoute(t.app, listsApi.list, { headers: { cookie } });
    expect(lists.statusCode).toBe(200);
    expect(JSON.stringify(lists.json())).toContain('Weekly shop');
  });

  it('prices everyday items the shopper types, without linking them by hand', async () => {
    const cookie = await signIn(DEMO_SHOPPER_EMAIL);
    const list = await callRoute(t.app, listsApi.create, { headers: { cookie }, body: { name: 'Typed' } });
    const listId = (list.json() as { id: string }).id;
    const typed = ['milk', 'eggs', 'bananas', 'bread', 'butter', 'cheese', 'chicken', 'apples', 'coffee', 'rice'];
    for (const name of typed) {
      const added = await callRoute(t.app, listsApi.addItem, { params: { id: listId }, headers: { cookie }, body: { name } });
      expect((added.json() as { product_id: string | null }).product_id, name).not.toBeNull();
    }
    const res = await callRoute(t.app, splitCartApi.recommendations, { params: { id: listId }, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const plan = ZRecommendationPlan.parse(res.json());
    expect(plan.unpriced).toEqual([]);
    expect(plan.stops.flatMap((stop) => stop.lines.map((line) => line.name)).sort()).toEqual([...typed].sort());
  });

  it("prices the Party list with a home store's multi-buy and says what a fourth pizza would save at the other", async () => {
    const cookie = await signIn(DEMO_SHOPPER_EMAIL);
    const partyId = demo.listIds[1]!;
    const res = await callRoute(t.app, splitCartApi.recommendations, {
      params: { id: partyId },
      query: { date: '2026-11-22' },
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const plan = ZRecommendationPlan.parse(res.json());
    const freshMart = plan.stops.find((stop) => stop.store.name === 'FreshMart Downtown');
    expect(freshMart, 'the plan visits FreshMart Downtown').toBeDefined();
    const promoted = freshMart!.lines.filter((line) => line.promotion?.description === 'Any 2 La Casa chips or salsa for $5.00');
    expect(promoted.map((line) => line.productName).sort()).toEqual(['Medium Salsa', 'Tortilla Chips']);
    // 2 chips and 2 salsa make two groups of 2 for $5.00.
    expect(promoted.reduce((sum, line) => sum + line.lineCents, 0)).toBe(1000);
    expect(freshMart!.promotionSavingsCents).toBeGreaterThan(0);
    const valueGrocer = plan.stops.find((stop) => stop.store.name === 'ValueGrocer Westgate');
    const pizza = valueGrocer?.suggestions.find((suggestion) => suggestion.promotion.description === 'Pepperoni Pizza 4 for $15.00');
    expect(pizza).toMatchObject({ productName: 'Pepperoni Pizza', addUnits: 1 });
    expect(pizza!.savesCents).toBeGreaterThan(0);
  });

  it('makes the operator an admin', async () => {
    const cookie = await signIn(DEMO_OPERATOR_EMAIL);
    const me = ZProfile.parse((await callRoute(t.app, accountApi.me, { headers: { cookie } })).json());
    expect(me.role).toBe('admin');
  });

  it('seedDemoIfEmpty leaves a database with accounts alone', async () => {
    await seedDemoIfEmpty(t.app);
    expect(await count('store_chains')).toBe(4);
    expect(await count('receipts')).toBe(6);
  });
});
