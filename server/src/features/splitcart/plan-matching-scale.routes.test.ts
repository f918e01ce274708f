import { beforeAll, describe, expect, it } from 'vitest';
import { ZRecommendationPlan } from '@cartwise/contracts';
import { createId, nowIso } from '../../db/ids';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';

// A catalogue of thousands of near-duplicates ("Whole Milk 17", "Organic Whole Milk 940"): the database hands the
// matcher a few dozen ranked candidates per name, and the plan still links and substitutes the right products.
const t = registerTestApp();
const today = new Date().toISOString().slice(0, 10);
let shopper: TestUser;
let listId: string;
const productIds = new Map<string, string>();

const PRICES = `product,brand,size,category,chain,store,address,city,price,date
Whole Milk,Farm,1 gal,Dairy,Northco,North,1 North Rd,Town,4.00,${today}
Whole Milk,Dairyland,1 gal,Dairy,Southco,South,2 South Rd,Town,3.00,${today}
Bananas,,1 lb,Produce,Northco,North,1 North Rd,Town,0.50,${today}
Greek Yogurt,Hill,500 g,Dairy,Southco,South,2 South Rd,Town,2.50,${today}
`;
const NEAR = ['Whole Milk', 'Organic Whole Milk', 'Whole Milk Drink', 'Banana Chips', 'Bananas Ripe', 'Greek Yogurt Cup', 'Yogurt'];

beforeAll(async () => {
  const admin = await createAdmin(t.app);
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/admin/price-book/import',
    headers: asUser(admin),
    payload: { kind: 'csv', content: PRICES },
  });
  expect(imported.statusCode, imported.body).toBe(200);
  for (const p of await t.app.db.selectFrom('products').select(['id', 'name', 'brand']).execute())
    productIds.set(`${p.brand ?? ''} ${p.name}`.trim(), p.id);
  // Added after the real products, so on equal scores the real ones stay the older, preferred match.
  const later = new Date(Date.now() + 1000).toISOString();
  const decoys = Array.from({ length: 3500 }, (_, i) => ({
    id: createId(),
    name: `${NEAR[i % NEAR.length]} ${i + 1}`,
    brand: null,
    category: null,
    size_value: null,
    size_unit: null,
    created_at: later,
  }));
  for (let i = 0; i < decoys.length; i += 500)
    await t.app.db
      .insertInto('products')
      .values(decoys.slice(i, i + 500))
      .execute();

  shopper = await createUser(t.app);
  listId = createId();
  await t.app.db
    .insertInto('shopping_lists')
    .values({ id: listId, user_id: shopper.id, name: 'Typed', created_at: nowIso(), updated_at: nowIso() })
    .execute();
  const items = [
    { name: 'bananas', product_id: null, accepts_substitutes: 0 },
    { name: 'whole milk', product_id: null, accepts_substitutes: 1 },
    { name: 'Greek Yogurt', product_id: productIds.get('Hill Greek Yogurt')!, accepts_substitutes: 1 },
  ];
  for (const [position, item] of items.entries()) {
    await t.app.db
      .insertInto('list_items')
      .values({ id: createId(), list_id: listId, position, quantity: 1, unit: null, category: null, created_at: nowIso(), ...item })
      .execute();
  }
});

describe('matching plan items among thousands of near-duplicates', () => {
  it('links each typed name to the real product and keeps its real substitutes', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/lists/${listId}/recommendations?tripCostCents=0&maxStores=any`,
      headers: asUser(shopper),
    });
    expect(res.statusCode, res.body).toBe(200);
    const plan = ZRecommendationPlan.parse(res.json());
    const chosen = Object.fromEntries(
      plan.stops.flatMap((stop) => stop.lines.map((line) => [line.name, { store: stop.store.name, productId: line.productId }])),
    );
    expect(chosen).toEqual({
      bananas: { store: 'North', productId: productIds.get('Bananas') },
      'whole milk': { store: 'South', productId: productIds.get('Dairyland Whole Milk') },
      'Greek Yogurt': { store: 'South', productId: productIds.get('Hill Greek Yogurt') },
    });
    expect(plan.unpriced).toEqual([]);
  });
});
