import { beforeAll, describe, expect, it } from 'vitest';
import { ZRecommendationPlan } from '@cartwise/contracts';
import { createId, nowIso } from '../../db/ids';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';

// Typed items and substitutes are matched through the word index, among hundreds of products sharing their words.
const t = registerTestApp();
const today = new Date().toISOString().slice(0, 10);
let shopper: TestUser;
let listId: string;
const productIds = new Map<string, string>();

const PRICES = `product,brand,size,category,chain,store,address,city,price,date
Whole Milk,Farm,1 gal,Dairy,Northco,North,1 North Rd,Town,4.00,${today}
Whole Milk,Farm,1 gal,Dairy,Southco,South,2 South Rd,Town,4.50,${today}
Whole Milk,Dairyland,1 gal,Dairy,Southco,South,2 South Rd,Town,3.00,${today}
Bananas,,1 lb,Produce,Northco,North,1 North Rd,Town,0.50,${today}
Bananas,,1 lb,Produce,Southco,South,2 South Rd,Town,0.60,${today}
Rolled Oats,Mill,500 g,Pantry,Northco,North,1 North Rd,Town,2.00,${today}
Rolled Oats,Big,1 kg,Pantry,Northco,North,1 North Rd,Town,3.00,${today}
`;

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
  // Decoys that share a word with every item, more than one search returns.
  const decoys = Array.from({ length: 300 }, (_, i) => ({
    id: createId(),
    name: `${['Whole Grain Crackers', 'Banana Chips', 'Oat Milk Drink'][i % 3]} ${i + 1}`,
    brand: null,
    category: null,
    size_value: null,
    size_unit: null,
    created_at: nowIso(),
  }));
  await t.app.db.insertInto('products').values(decoys).execute();

  shopper = await createUser(t.app);
  listId = createId();
  await t.app.db
    .insertInto('shopping_lists')
    .values({ id: listId, user_id: shopper.id, name: 'Typed', created_at: nowIso(), updated_at: nowIso() })
    .execute();
  const items = [
    { name: 'bananas', product_id: null, accepts_substitutes: 0 },
    { name: 'whole milk', product_id: null, accepts_substitutes: 1 },
    { name: 'Rolled Oats', product_id: productIds.get('Mill Rolled Oats')!, accepts_substitutes: 1 },
    { name: 'saffron threads', product_id: null, accepts_substitutes: 0 },
  ];
  for (const [position, item] of items.entries()) {
    await t.app.db
      .insertInto('list_items')
      .values({ id: createId(), list_id: listId, position, quantity: 1, unit: null, category: null, created_at: nowIso(), ...item })
      .execute();
  }
});

describe('matching plan items through the word index', () => {
  it('links typed names, finds substitutes among decoys, and leaves unknown names unpriced', async () => {
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
      // The typed name links to the older "Whole Milk"; its cheaper namesake from another brand is a substitute.
      'whole milk': { store: 'South', productId: productIds.get('Dairyland Whole Milk') },
      // 1 kg at 3.00 beats 500 g at 2.00 per gram.
      'Rolled Oats': { store: 'North', productId: productIds.get('Big Rolled Oats') },
    });
    expect(plan.unpriced).toEqual([expect.objectContaining({ name: 'saffron threads', reason: 'no-product' })]);
  });
});
