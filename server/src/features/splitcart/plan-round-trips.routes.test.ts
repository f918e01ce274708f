import { beforeAll, describe, expect, it } from 'vitest';
import { createId, nowIso } from '../../db/ids';
import { countQueries } from '../../test/query-counter';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';

// On PostgreSQL each statement waits for the network: the plan sends its independent reads together.
const t = registerTestApp();
const today = new Date().toISOString().slice(0, 10);
let shopper: TestUser;
let listId: string;

const PRICES = `product,brand,size,category,chain,store,address,city,price,date
Whole Milk,Farm,1 gal,Dairy,Northco,North,1 North Rd,Town,4.00,${today}
Whole Milk,Dairyland,1 gal,Dairy,Southco,South,2 South Rd,Town,3.00,${today}
Bananas,,1 lb,Produce,Northco,North,1 North Rd,Town,0.50,${today}
Rolled Oats,Mill,500 g,Pantry,Northco,North,1 North Rd,Town,2.00,${today}
Rolled Oats,Big,1 kg,Pantry,Southco,South,2 South Rd,Town,3.00,${today}
Coffee,Bean,250 g,Pantry,Southco,South,2 South Rd,Town,5.00,${today}
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
  const products = await t.app.db.selectFrom('products').select(['id', 'name', 'brand']).execute();
  const idOf = (brand: string, name: string) => products.find((p) => p.brand === brand && p.name === name)!.id;
  shopper = await createUser(t.app);
  listId = createId();
  await t.app.db
    .insertInto('shopping_lists')
    .values({ id: listId, user_id: shopper.id, name: 'Mixed', created_at: nowIso(), updated_at: nowIso() })
    .execute();
  const items = [
    { name: 'bananas', product_id: null, accepts_substitutes: 0 },
    { name: 'whole milk', product_id: null, accepts_substitutes: 1 },
    { name: 'Rolled Oats', product_id: idOf('Mill', 'Rolled Oats'), accepts_substitutes: 1 },
    { name: 'Coffee', product_id: idOf('Bean', 'Coffee'), accepts_substitutes: 0 },
    { name: 'saffron', product_id: null, accepts_substitutes: 0 },
  ];
  for (const [position, item] of items.entries()) {
    await t.app.db
      .insertInto('list_items')
      .values({ id: createId(), list_id: listId, position, quantity: 1, unit: null, category: null, created_at: nowIso(), ...item })
      .execute();
  }
});

describe('database round trips of a split-cart plan', () => {
  it('reads inputs, matches names and prices candidates in a handful of round trips, whatever the list holds', async () => {
    const plan = () => t.app.inject({ method: 'GET', url: `/api/lists/${listId}/recommendations`, headers: asUser(shopper) });
    expect((await plan()).statusCode).toBe(200);
    let status = 0;
    const count = await countQueries(t.app.db, async () => {
      status = (await plan()).statusCode;
    });
    expect(status).toBe(200);
    // Inputs and the usual store; the names; the typed names' substitutes; the prices.
    expect(count.roundTrips, count.sql.join('\n')).toBeLessThanOrEqual(4);
    expect(count.queries, count.sql.join('\n')).toBeLessThanOrEqual(13);
  });
});
