import { beforeAll, describe, expect, it } from 'vitest';
import { ZRecommendationPlan, type TRecommendationPlan, splitCartApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { createList, importPriceBook } from '../../test/priced-lists';
import { callRouteWithBadInput } from '../../test/call-route';

// Generic items: "milk 1 L" x 2 and "eggs x12" accept substitutes, so they stand for the milk and eggs of their
// category and size class, bought in whole packs. North sells 1 L milk at 1.70 and 6 eggs at 2.00; South 2 L milk at
// 3.20 and 12 eggs at 4.50. A 4 L jug (out of the size class) and a chocolate bar named "milk" (another category)
// must never be picked, however cheap.
const t = registerTestApp();
let shopper: TestUser;

beforeAll(async () => {
  await importPriceBook(t.app, [
    ['Fresh Milk', 'Dairyco', '1 l', 'Dairy', 'Northco', 'North', '1.70'],
    ['Fresh Milk', 'Dairyco', '1 l', 'Dairy', 'Southco', 'South', '1.90'],
    ['Fresh Milk', 'Cowco', '2 l', 'Dairy', 'Northco', 'North', '3.60'],
    ['Fresh Milk', 'Cowco', '2 l', 'Dairy', 'Southco', 'South', '3.20'],
    ['Fresh Milk Jug', 'Cowco', '4 l', 'Dairy', 'Northco', 'North', '2.00'],
    ['Milk Chocolate', 'Sweetco', '1 l', 'Snacks', 'Northco', 'North', '0.50'],
    ['Free Range Eggs', 'Henco', '6 ct', 'Dairy', 'Northco', 'North', '2.00'],
    ['Free Range Eggs', 'Henco', '6 ct', 'Dairy', 'Southco', 'South', '2.60'],
    ['Free Range Eggs', 'Coopco', '12 ct', 'Dairy', 'Northco', 'North', '4.40'],
    ['Free Range Eggs', 'Coopco', '12 ct', 'Dairy', 'Southco', 'South', '4.50'],
  ]);
  shopper = await createUser(t.app);
});

async function plan(listId: string, query: string): Promise<TRecommendationPlan> {
  const res = await callRouteWithBadInput(t.app, splitCartApi.recommendations, {
    params: { id: listId },
    query: query,
    headers: asUser(shopper),
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZRecommendationPlan.parse(res.json());
}

const lineOf = (result: TRecommendationPlan, itemName: string) =>
  result.stops.flatMap((stop) => stop.lines.map((line) => ({ ...line, store: stop.store.name }))).find((line) => line.name === itemName);

describe('generic items', () => {
  it('picks product and store together by the price of the quantity needed, in whole packs, and says the unit price', async () => {
    const listId = await createList(t.app, shopper, [
      { name: 'milk 1 L', quantity: 2, acceptsSubstitutes: true },
      { name: 'eggs x12', acceptsSubstitutes: true },
    ]);
    const result = await plan(listId, 'tripCostCents=0&maxStores=any');
    expect(result.unpriced).toEqual([]);
    // 2 L: one 2 L pack at South (3.20) beats two 1 L packs at North (3.40).
    expect(lineOf(result, 'milk 1 L')).toMatchObject({
      store: 'South',
      packs: 1,
      lineCents: 320,
      packagePriceCents: 320,
      comparedUnitPrice: { cents: 160, per: 'L' },
    });
    // 12 eggs: two 6-packs at North (4.00) beat every 12-pack.
    expect(lineOf(result, 'eggs x12')).toMatchObject({
      store: 'North',
      packs: 2,
      lineCents: 400,
      comparedUnitPrice: { cents: 33, per: 'item' },
    });
    expect(result.totalCents).toBe(720);
  });

  it('compares whole packs at one store too: with one store allowed, North sells 2 L as two 1 L packs', async () => {
    const listId = await createList(t.app, shopper, [
      { name: 'milk 1 L', quantity: 2, acceptsSubstitutes: true },
      { name: 'eggs x12', acceptsSubstitutes: true },
    ]);
    const result = await plan(listId, 'tripCostCents=0&maxStores=1');
    // North: 2 x 1.70 + 2 x 2.00 = 7.40; South: 3.20 + 4.50 = 7.70.
    expect(lineOf(result, 'milk 1 L')).toMatchObject({
      store: 'North',
      packs: 2,
      lineCents: 340,
      comparedUnitPrice: { cents: 170, per: 'L' },
    });
    expect(result.totalCents).toBe(740);
  });

  it('prices an item without substitutes as the product it links to, not as a generic item', async () => {
    const listId = await createList(t.app, shopper, [{ name: 'Fresh Milk 1 L', quantity: 2, acceptsSubstitutes: false }]);
    const line = lineOf(await plan(listId, 'tripCostCents=0&maxStores=any'), 'Fresh Milk 1 L');
    expect(line).toMatchObject({ packs: null, comparedUnitPrice: null, lineCents: 340 });
  });
});
