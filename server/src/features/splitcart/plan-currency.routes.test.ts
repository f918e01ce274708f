import { beforeAll, describe, expect, it } from 'vitest';
import { ZRecommendationPlan, splitCartApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { createList, importPriceBook, THREE_STORE_PRICES } from '../../test/priced-lists';
import { callRouteWithBadInput } from '../../test/call-route';

// One currency per plan: a store pricing in another currency than the shopper's is never added to their totals.
const t = registerTestApp();
let shopper: TestUser;
let listId: string;
let storeIds: Record<string, string>;

beforeAll(async () => {
  const productIds = await importPriceBook(t.app, THREE_STORE_PRICES);
  const stores = await t.app.db.selectFrom('store_locations').select(['id', 'name']).execute();
  storeIds = Object.fromEntries(stores.map((store) => [store.name, store.id]));
  // South (the cheapest for dairy) prices in euros, North in dollars; East does not say.
  await t.app.db.updateTable('store_locations').set({ currency: 'EUR' }).where('id', '=', storeIds.South!).execute();
  await t.app.db.updateTable('store_locations').set({ currency: 'USD' }).where('id', '=', storeIds.North!).execute();
  shopper = await createUser(t.app);
  listId = await createList(t.app, shopper, [
    { name: 'Milk', productId: productIds.get('Farm Milk') },
    { name: 'Apples', productId: productIds.get('Apples') },
  ]);
});

async function plan(query: string) {
  const res = await callRouteWithBadInput(t.app, splitCartApi.recommendations, {
    params: { id: listId },
    query,
    headers: asUser(shopper),
  });
  return { status: res.statusCode, json: res.raw.json() as unknown };
}

const storesIn = (json: unknown) =>
  ZRecommendationPlan.parse(json)
    .candidateStores.map((store) => store.name)
    .sort();

describe('one currency per plan', () => {
  it("compares only the stores in the shopper's currency, and those that do not say", async () => {
    const dollars = await plan('tripCostCents=0&maxStores=any');
    expect(dollars.status).toBe(200);
    expect(storesIn(dollars.json)).toEqual(['East', 'North']);
    const dollarPlan = ZRecommendationPlan.parse(dollars.json);
    expect(dollarPlan.stops.map((stop) => stop.store.name)).not.toContain('South');
    expect(dollarPlan.currency).toBe('USD');

    await t.app.db.updateTable('profiles').set({ currency: 'EUR' }).where('id', '=', shopper.id).execute();
    try {
      const euros = await plan('tripCostCents=0&maxStores=any');
      expect(storesIn(euros.json)).toEqual(['East', 'South']);
      // The plan says its currency, so its amounts are shown in euros, not relabelled dollars.
      expect(ZRecommendationPlan.parse(euros.json).currency).toBe('EUR');
    } finally {
      await t.app.db.updateTable('profiles').set({ currency: 'USD' }).where('id', '=', shopper.id).execute();
    }
  });

  it('answers 400, not a mixed total, when the shopper names a store in another currency', async () => {
    const mixed = await plan(`storeIds=${storeIds.North},${storeIds.South}`);
    expect(mixed.status).toBe(400);
    expect(mixed.json).toMatchObject({ message: 'A store in storeIds prices in another currency than yours (USD)' });
    expect((await plan(`storeIds=${storeIds.North},${storeIds.East}`)).status).toBe(200);
  });
});
