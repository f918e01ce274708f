import { beforeAll, describe, expect, it } from 'vitest';
import { ZRecommendationPlan, type TRecommendationPlan, splitCartApi, settingsApi } from '@cartwise/contracts';
import { createId, nowIso } from '../../db/ids';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { createList, importPriceBook } from '../../test/priced-lists';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();
let productIds: Map<string, string>;
const storeId: Record<string, string> = {};
const chainId: Record<string, string> = {};

interface PromotionSeed {
  store: 'North' | 'South';
  products: string[];
  description: string;
  minQuantity: number;
  priceMinor?: number | null;
  rate?: number | null;
  isClubOnly?: boolean;
  isCoupon?: boolean;
  validTo?: string | null;
  minPurchaseMinor?: number | null;
}

async function insertPromotion(seed: PromotionSeed): Promise<string> {
  const id = createId();
  await t.app.db
    .insertInto('promotions')
    .values({
      id,
      store_id: storeId[seed.store]!,
      source_promotion_id: id,
      source: 'test',
      description: seed.description,
      min_quantity: seed.minQuantity,
      discounted_price_minor: seed.priceMinor ?? null,
      discount_rate: seed.rate ?? null,
      min_purchase_minor: seed.minPurchaseMinor ?? null,
      is_club_only: seed.isClubOnly ? 1 : 0,
      is_coupon: seed.isCoupon ? 1 : 0,
      valid_from: null,
      valid_to: seed.validTo === undefined ? '2099-12-31' : seed.validTo,
      currency: 'USD',
      updated_at: nowIso(),
    })
    .execute();
  await t.app.db
    .insertInto('promotion_products')
    .values(seed.products.map((name) => ({ promotion_id: id, product_id: productIds.get(name)!, store_id: storeId[seed.store]! })))
    .execute();
  return id;
}

async function plan(user: TestUser, listId: string): Promise<TRecommendationPlan> {
  const res = await callRoute(t.app, splitCartApi.recommendations, {
    params: { id: listId },
    query: { tripCostCents: '300', maxStores: 'any' },
    headers: asUser(user),
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZRecommendationPlan.parse(res.json());
}

beforeAll(async () => {
  productIds = await importPriceBook(t.app, [
    ['Yogurt Plain', 'Dairyco', '500 g', 'Dairy', 'Northco', 'North', '3.00'],
    ['Yogurt Plain', 'Dairyco', '500 g', 'Dairy', 'Southco', 'South', '2.50'],
    ['Yogurt Berry', 'Dairyco', '500 g', 'Dairy', 'Northco', 'North', '3.00'],
    ['Yogurt Berry', 'Dairyco', '500 g', 'Dairy', 'Southco', 'South', '2.50'],
    ['Bread', 'Bakery', '1 loaf', 'Bakery', 'Northco', 'North', '2.00'],
    ['Bread', 'Bakery', '1 loaf', 'Bakery', 'Southco', 'South', '2.50'],
  ]);
  const stores = await t.app.db.selectFrom('store_locations').select(['id', 'name', 'chain_id']).execute();
  for (const store of stores) {
    storeId[store.name] = store.id;
    chainId[store.name] = store.chain_id!;
  }
  // "Any 3 yogurts for 6.00" at North, and the rows a feed may hold that must never apply.
  await insertPromotion({
    store: 'North',
    products: ['Dairyco Yogurt Plain', 'Dairyco Yogurt Berry'],
    description: 'Any 3 yogurts for 6.00',
    minQuantity: 3,
    priceMinor: 600,
  });
  await insertPromotion({
    store: 'North',
    products: ['Bakery Bread'],
    description: 'Bread free (coupon)',
    minQuantity: 1,
    priceMinor: 1,
    isCoupon: true,
  });
  await insertPromotion({
    store: 'North',
    products: ['Bakery Bread'],
    description: 'Bread 0.50, ended',
    minQuantity: 1,
    priceMinor: 50,
    validTo: '2020-01-01',
  });
  await insertPromotion({ store: 'North', products: ['Bakery Bread'], description: 'Zero price', minQuantity: 2, priceMinor: 0 });
  await insertPromotion({ store: 'North', products: ['Bakery Bread'], description: 'Negative price', minQuantity: 1, priceMinor: -100 });
  await insertPromotion({ store: 'North', products: ['Bakery Bread'], description: 'No minimum', minQuantity: 0, priceMinor: 10 });
  await insertPromotion({
    store: 'South',
    products: ['Bakery Bread'],
    description: 'Club bread 1.00',
    minQuantity: 1,
    priceMinor: 100,
    isClubOnly: true,
  });
});

describe('promotions in the split-cart plan', () => {
  it('buys the multi-buy where the group completes, says what it saved, and never applies coupons, ended or malformed rows', async () => {
    const shopper = await createUser(t.app);
    const listId = await createList(t.app, shopper, [
      { name: 'Plain yogurt', productId: productIds.get('Dairyco Yogurt Plain'), quantity: 2 },
      { name: 'Berry yogurt', productId: productIds.get('Dairyco Yogurt Berry') },
      { name: 'Bread', productId: productIds.get('Bakery Bread') },
    ]);
    const result = await plan(shopper, listId);
    // Without promotions South alone costs 7.50 + 2.50 + 3.00 = 13.00; North with the group: 6.00 + 2.00 + 3.00.
    expect(result).toMatchObject({ totalCents: 1100, isProven: true });
    expect(result.stops).toHaveLength(1);
    const [stop] = result.stops;
    expect(stop!.store.name).toBe('North');
    expect(stop!.promotionSavingsCents).toBe(300);
    const yogurts = stop!.lines.filter((line) => line.name.endsWith('yogurt'));
    expect(yogurts.map((line) => line.promotion?.description)).toEqual(['Any 3 yogurts for 6.00', 'Any 3 yogurts for 6.00']);
    expect(yogurts.reduce((sum, line) => sum + line.lineCents, 0)).toBe(600);
    expect(stop!.lines.find((line) => line.name === 'Bread')).toMatchObject({ promotion: null, lineCents: 200 });
    expect(result.bestSingleStore).toMatchObject({ totalCents: 1100 });
  });

  it('says nothing when one more yogurt would not lower the total', async () => {
    const shopper = await createUser(t.app);
    const listId = await createList(t.app, shopper, [
      { name: 'Plain yogurt', productId: productIds.get('Dairyco Yogurt Plain'), quantity: 2 },
      { name: 'Bread', productId: productIds.get('Bakery Bread') },
    ]);
    const result = await plan(shopper, listId);
    const north = result.stops.find((stop) => stop.store.name === 'North');
    // 2 yogurts cost 6.00 at North; 3 cost 6.00 too, so no suggestion there.
    expect(north?.suggestions ?? []).toEqual([]);
  });

  it('applies club-only promotions only for chains whose card the shopper holds', async () => {
    const shopper = await createUser(t.app);
    const listId = await createList(t.app, shopper, [{ name: 'Bread', productId: productIds.get('Bakery Bread'), quantity: 2 }]);
    expect((await plan(shopper, listId)).totalCents).toBe(400 + 300);
    const saved = await callRoute(t.app, settingsApi.savePreferences, {
      headers: asUser(shopper),
      body: {
        currency: 'USD',
        home_store_ids: [],
        trip_cost_cents: 300,
        units: 'imperial',
        locale: 'en-US',
        loyalty_chain_ids: [chainId.South!],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const withCard = await plan(shopper, listId);
    expect(withCard.totalCents).toBe(200 + 300);
    expect(withCard.stops[0]!.lines[0]!.promotion?.description).toBe('Club bread 1.00');
  });
});

describe('group suggestions', () => {
  it('says that one more loaf completes "3 for 3.50" and lowers the stop total', async () => {
    await insertPromotion({
      store: 'North',
      products: ['Bakery Bread'],
      description: '3 loaves for 3.50',
      minQuantity: 3,
      priceMinor: 350,
    });
    const shopper = await createUser(t.app);
    const listId = await createList(t.app, shopper, [{ name: 'Bread', productId: productIds.get('Bakery Bread'), quantity: 2 }]);
    const result = await plan(shopper, listId);
    expect(result.stops[0]!.store.name).toBe('North');
    expect(result.stops[0]!.suggestions).toEqual([
      {
        itemId: expect.any(String),
        productName: 'Bread',
        promotion: { id: expect.any(String), description: '3 loaves for 3.50' },
        addUnits: 1,
        savesCents: 50,
      },
    ]);
  });
});
