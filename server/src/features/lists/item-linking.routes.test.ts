import { beforeAll, describe, expect, it } from 'vitest';
import { ZListItem, ZShoppingListDetail, productsApi, listsApi, type RouteBody } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { importPriceBook, readPlanChoices } from '../../test/priced-lists';
import { callRoute } from '../../test/call-route';

// Items typed without a product link themselves on the server when one product is clearly meant, in any script.
const t = registerTestApp();
let shopper: TestUser;
let ids: Map<string, string>;

beforeAll(async () => {
  ids = await importPriceBook(t.app, [
    ['Whole Milk', 'Farm', '1 gal', 'Dairy', 'Northco', 'North', '4.00'],
    ['Large Eggs', 'Hen', '12 ct', 'Dairy', 'Northco', 'North', '3.00'],
    ['Bananas', '', '1 lb', 'Produce', 'Southco', 'South', '0.60'],
    ['Boneless Chicken Breast', '', '1 lb', 'Meat', 'Northco', 'North', '5.00'],
    ['Chicken Broth', 'Kettle', '32 oz', 'Pantry', 'Northco', 'North', '2.50'],
    ['חלב טרי 3%', 'תנובה', '1 l', 'Dairy', 'Southco', 'South', '6.50'],
    ['Käse Gouda', 'Milbona', '400 g', 'Dairy', 'Southco', 'South', '3.20'],
  ]);
  shopper = await createUser(t.app);
});

async function createList(name: string): Promise<string> {
  const res = await callRoute(t.app, listsApi.create, { headers: asUser(shopper), body: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return ZShoppingListDetail.parse(res.json()).id;
}

async function addItem(listId: string, payload: RouteBody<typeof listsApi.addItem>) {
  const res = await callRoute(t.app, listsApi.addItem, { params: { id: listId }, headers: asUser(shopper), body: payload });
  expect(res.statusCode, res.body).toBe(201);
  return ZListItem.parse(res.json());
}

describe('typed list items linking themselves', () => {
  it('links a name to the product it clearly means and says which, in any script', async () => {
    const listId = await createList('Typed');
    const milk = await addItem(listId, { name: 'milk' });
    expect(milk).toMatchObject({ name: 'milk', product_id: ids.get('Farm Whole Milk'), product_name: 'Whole Milk' });
    expect((await addItem(listId, { name: 'Eggs x12' })).product_id).toBe(ids.get('Hen Large Eggs'));
    expect((await addItem(listId, { name: 'BANANA' })).product_id).toBe(ids.get('Bananas'));
    expect((await addItem(listId, { name: 'חלב' })).product_id).toBe(ids.get('תנובה חלב טרי 3%'));
    expect((await addItem(listId, { name: 'käse' })).product_id).toBe(ids.get('Milbona Käse Gouda'));
    const detail = ZShoppingListDetail.parse(
      (await callRoute(t.app, listsApi.detail, { params: { id: listId }, headers: asUser(shopper) })).json(),
    );
    expect(detail.items.map((item) => item.product_name)).toEqual(['Whole Milk', 'Large Eggs', 'Bananas', 'חלב טרי 3%', 'Käse Gouda']);
  });

  it('leaves a name unlinked when two products are about as close, or nothing is, or the client says so', async () => {
    const listId = await createList('Unclear');
    expect(await addItem(listId, { name: 'chicken' })).toMatchObject({ product_id: null, product_name: null });
    expect((await addItem(listId, { name: 'saffron threads' })).product_id).toBeNull();
    expect((await addItem(listId, { name: 'milk', product_id: null })).product_id).toBeNull();
    const chosen = ids.get('Kettle Chicken Broth');
    expect(await addItem(listId, { name: 'chicken', product_id: chosen })).toMatchObject({
      product_id: chosen,
      product_name: 'Chicken Broth',
    });
  });

  it('prices typed items in the first plan, and keeps an undone link undone', async () => {
    const listId = await createList('Plan');
    await addItem(listId, { name: 'milk' });
    await addItem(listId, { name: 'bananas' });
    const eggs = await addItem(listId, { name: 'eggs' });
    const first = await readPlanChoices(t.app, shopper, listId);
    expect(Object.keys(first.chosen).sort()).toEqual(['bananas', 'eggs', 'milk']);
    expect(first.plan.unpriced).toEqual([]);

    const undo = await callRoute(t.app, listsApi.updateItem, {
      params: { id: listId, itemId: eggs.id },
      headers: asUser(shopper),
      body: { product_id: null },
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(ZListItem.parse(undo.json())).toMatchObject({ name: 'eggs', product_id: null, product_name: null });
    const second = await readPlanChoices(t.app, shopper, listId);
    expect(second.plan.unpriced).toEqual([expect.objectContaining({ itemId: eggs.id, reason: 'no-product' })]);

    const relink = await callRoute(t.app, listsApi.updateItem, {
      params: { id: listId, itemId: eggs.id },
      headers: asUser(shopper),
      body: { product_id: ids.get('Hen Large Eggs') },
    });
    expect(ZListItem.parse(relink.json()).product_name).toBe('Large Eggs');
    expect((await readPlanChoices(t.app, shopper, listId)).plan.unpriced).toEqual([]);
  });

  it('ranks product suggestions closest to the typed item first', async () => {
    const res = await callRoute(t.app, productsApi.search, { query: { q: 'chicken', limit: '6' }, headers: asUser(shopper) });
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { products: { name: string }[] }).products.map((product) => product.name);
    expect(names).toEqual(['Chicken Broth', 'Boneless Chicken Breast']);
  });
});
