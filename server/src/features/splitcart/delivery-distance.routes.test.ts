import { beforeAll, describe, expect, it } from 'vitest';
import { ZPreferences, ZRecommendationPlan, priceBookApi, settingsApi, splitCartApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { createList, importPriceBook, THREE_STORE_PRICES } from '../../test/priced-lists';
import { callRoute, callRouteWithBadInput } from '../../test/call-route';

// Stores with a place, online stores with a delivery fee and a minimum order, and shoppers planning from home.
const t = registerTestApp();
let storeIds: Record<string, string>;
let productIds: Map<string, string>;
const HOME = { lat: 43, lon: -89 };

beforeAll(async () => {
  productIds = await importPriceBook(t.app, THREE_STORE_PRICES);
  const stores = await t.app.db.selectFrom('store_locations').select(['id', 'name']).execute();
  storeIds = Object.fromEntries(stores.map((store) => [store.name, store.id]));
  // North about 1 km from home, South about 20 km, East about 100 km.
  const places: Record<string, number> = { North: 43.009, South: 43.18, East: 43.9 };
  for (const [name, lat] of Object.entries(places)) {
    await t.app.db.updateTable('store_locations').set({ lat, lon: -89 }).where('id', '=', storeIds[name]!).execute();
  }
});

async function putPreferences(user: TestUser, patch: Record<string, unknown>) {
  const current = ZPreferences.parse((await callRoute(t.app, settingsApi.preferences, { headers: asUser(user) })).json());
  const { home_point: _home, store_radius_km: _radius, trip_cost_per_km_cents: _perKm, ...rest } = current;
  return callRoute(t.app, settingsApi.savePreferences, { headers: asUser(user), body: { ...rest, ...patch } });
}

async function plan(user: TestUser, listId: string, query = '') {
  const res = await callRouteWithBadInput(t.app, splitCartApi.recommendations, {
    params: { id: listId },
    query: query,
    headers: asUser(user),
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZRecommendationPlan.parse(res.json());
}

const shop = () => [
  { name: 'Milk', quantity: 2, productId: productIds.get('Farm Milk') },
  { name: 'Apples', quantity: 5, productId: productIds.get('Apples') },
  { name: 'Cheese', quantity: 1, productId: productIds.get('Farm Cheese') },
];

describe('trips from home', () => {
  it('keeps a home point, radius and cost per km, and leaves them alone when a save leaves them out', async () => {
    const shopper = await createUser(t.app);
    const saved = await putPreferences(shopper, { home_point: HOME, store_radius_km: 30, trip_cost_per_km_cents: 10 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZPreferences.parse(saved.json())).toMatchObject({ home_point: HOME, store_radius_km: 30, trip_cost_per_km_cents: 10 });
    const untouched = ZPreferences.parse((await putPreferences(shopper, { trip_cost_cents: 250 })).json());
    expect(untouched).toMatchObject({ trip_cost_cents: 250, home_point: HOME, store_radius_km: 30 });
    const cleared = ZPreferences.parse((await putPreferences(shopper, { home_point: null, store_radius_km: null })).json());
    expect(cleared).toMatchObject({ home_point: null, store_radius_km: null, trip_cost_per_km_cents: 10 });
  });

  it('answers a clear 400 for a home point off the map, a negative radius, cost per km or fee', async () => {
    const shopper = await createUser(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ home_point: { lat: 91, lon: 0 } }, 'Home point is off the map'],
      [{ home_point: { lat: 10, lon: -200 } }, 'Home point is off the map'],
      [{ home_point: { lat: 'north', lon: 0 } }, 'Latitude must be a number'],
      [{ store_radius_km: -1 }, 'Radius cannot be negative'],
      [{ trip_cost_per_km_cents: -5 }, 'Trip cost per km cannot be negative'],
    ];
    for (const [patch, message] of cases) {
      const res = await putPreferences(shopper, patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.body).toContain(message);
    }
    const admin = await createAdmin(t.app);
    for (const [field, message] of [
      ['deliveryFeeCents', 'Delivery fee cannot be negative'],
      ['minOrderCents', 'Minimum order cannot be negative'],
    ] as const) {
      const res = await callRoute(t.app, priceBookApi.createStore, {
        headers: asUser(admin),
        body: { name: 'Online shop', chainId: null, isOnline: true, [field]: -100 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
  });

  it('compares the stores within the radius and charges each trip by its km from home', async () => {
    const shopper = await createUser(t.app);
    await putPreferences(shopper, { trip_cost_cents: 100, home_point: HOME, store_radius_km: 30, trip_cost_per_km_cents: 10 });
    const listId = await createList(t.app, shopper, shop());
    const result = await plan(shopper, listId, 'maxStores=any');
    expect(result.candidateStores.map((store) => store.name).sort()).toEqual(['North', 'South']);
    const trips = Object.fromEntries(result.stops.map((stop) => [stop.store.name, stop.tripCostCents]));
    // 100 a visit plus 10 a km: North 1.0 km away, South 20.0 km.
    expect(trips).toEqual({ North: 110, South: 300 });
    expect(result.stops.find((stop) => stop.store.name === 'South')?.store.distanceKm).toBeCloseTo(20, 0);
    expect(result.tripCostsCents).toBe(410);
  });

  it('charges an online store its delivery fee and never uses it below its minimum order', async () => {
    const shopper = await createUser(t.app);
    const listId = await createList(t.app, shopper, shop());
    const east = storeIds.East!;
    await t.app.db.updateTable('store_locations').set({ is_online: 1, delivery_fee_cents: 50 }).where('id', '=', east).execute();
    try {
      // Without a minimum: North for milk and apples, East delivers the cheese (3.50 + 0.50 delivery).
      const free = await plan(shopper, listId, 'tripCostCents=500&maxStores=any');
      expect(free.stops.map((stop) => [stop.store.name, stop.tripCostCents]).sort()).toEqual([
        ['East', 50],
        ['North', 500],
      ]);
      expect(free.totalCents).toBe(2200);

      // With a 10.00 minimum, 3.50 of cheese is not enough: the plan visits North and South instead.
      await t.app.db.updateTable('store_locations').set({ min_order_cents: 1000 }).where('id', '=', east).execute();
      const limited = await plan(shopper, listId, 'tripCostCents=500&maxStores=any');
      expect(limited.stops.map((stop) => stop.store.name).sort()).toEqual(['North', 'South']);
      expect(limited.totalCents).toBe(2300);
      expect(limited.isProven).toBe(true);
      // East alone reaches its minimum, so it stays a single-store option.
      expect(limited.bestSingleStore?.store.name).toBe('East');
      expect(limited.bestSingleStore?.totalCents).toBe(2690);
    } finally {
      await t.app.db
        .updateTable('store_locations')
        .set({ is_online: 0, delivery_fee_cents: null, min_order_cents: null })
        .where('id', '=', east)
        .execute();
    }
  });
});
