import { beforeAll, describe, expect, it } from 'vitest';
import { listsApi, type RouteBody } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { actAs, callRoute, callRouteWithBadInput } from '../../test/call-route';

const t = registerTestApp();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await createUser(t.app);
  bob = await createUser(t.app);
});

async function createList(user: TestUser, name: string) {
  const res = await actAs(t.app, user).call(listsApi.create, { body: { name } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function addItem(user: TestUser, listId: string, body: RouteBody<typeof listsApi.addItem>) {
  const res = await actAs(t.app, user).call(listsApi.addItem, { params: { id: listId }, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('shopping lists', () => {
  it('creates a list, adds items and reads them back through both detail calls', async () => {
    const list = await createList(alice, '  Weekly shop  ');
    expect(list.name).toBe('Weekly shop');
    const milk = await addItem(alice, list.id, { name: 'Milk', note: '2% if possible', quantity: 2, unit: 'l' });
    const eggs = await addItem(alice, list.id, { name: 'Eggs' });
    expect(milk).toMatchObject({ name: 'Milk', note: '2% if possible', quantity: 2, unit: 'l', is_checked: false, product_id: null });
    expect(eggs).toMatchObject({ note: '', quantity: 1, unit: null });
    expect(eggs.position).toBeGreaterThan(milk.position);

    const viaRest = (await actAs(t.app, alice).call(listsApi.detail, { params: { id: list.id } })).json();
    expect(viaRest.items.map((item) => item.name)).toEqual(['Milk', 'Eggs']);
    const viaSpec = await actAs(t.app, alice).call(listsApi.detailByQuery, { query: { id: list.id } });
    expect(viaSpec.statusCode).toBe(200);
    expect(viaSpec.json().items.map((item) => ({ id: item.id, name: item.name, note: item.note }))).toEqual([
      { id: milk.id, name: 'Milk', note: '2% if possible' },
      { id: eggs.id, name: 'Eggs', note: '' },
    ]);
  });

  it('lists every list with item and checked counts', async () => {
    const user = await createUser(t.app);
    const empty = await actAs(t.app, user).call(listsApi.list);
    expect(empty.json().items).toEqual([]);

    const list = await createList(user, 'Party');
    const chips = await addItem(user, list.id, { name: 'Chips' });
    await addItem(user, list.id, { name: 'Salsa' });
    await createList(user, 'Empty one');
    const check = await actAs(t.app, user).call(listsApi.updateItem, {
      params: { id: list.id, itemId: chips.id },
      body: { is_checked: true },
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().is_checked).toBe(true);

    const lists = (await actAs(t.app, user).call(listsApi.list)).json().items;
    expect(lists).toHaveLength(2);
    expect(lists.find((l) => l.name === 'Party')).toMatchObject({ item_count: 2, checked_count: 1 });
    expect(lists.find((l) => l.name === 'Empty one')).toMatchObject({ item_count: 0, checked_count: 0 });
  });

  it('edits, unchecks and removes items, renames and deletes the list', async () => {
    const list = await createList(alice, 'Edit me');
    const item = await addItem(alice, list.id, { name: 'Bread' });
    const as = actAs(t.app, alice);
    const edit = await as.call(listsApi.updateItem, {
      params: { id: list.id, itemId: item.id },
      body: { name: 'Rye bread', note: 'sliced', quantity: 1.5, unit: 'loaf', accepts_substitutes: true },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ name: 'Rye bread', note: 'sliced', quantity: 1.5, unit: 'loaf', accepts_substitutes: true });

    const rename = await as.call(listsApi.rename, { params: { id: list.id }, body: { name: 'Bakery' } });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().name).toBe('Bakery');

    const remove = await as.call(listsApi.removeItem, { params: { id: list.id, itemId: item.id } });
    expect(remove.statusCode).toBe(204);
    const again = await as.call(listsApi.removeItem, { params: { id: list.id, itemId: item.id } });
    expect(again.statusCode).toBe(404);

    await addItem(alice, list.id, { name: 'Left behind' });
    const drop = await as.call(listsApi.remove, { params: { id: list.id } });
    expect(drop.statusCode).toBe(204);
    const gone = await as.call(listsApi.detail, { params: { id: list.id } });
    expect(gone.statusCode).toBe(404);
    const orphans = await t.app.db.selectFrom('list_items').select('id').where('list_id', '=', list.id).execute();
    expect(orphans).toEqual([]);
  });

  it("answers 404 to every call on another shopper's list and leaves it untouched", async () => {
    const list = await createList(alice, 'Private');
    const item = await addItem(alice, list.id, { name: 'Secret sauce' });
    const as = actAs(t.app, bob);
    const ids = { id: list.id, itemId: item.id };
    const calls = [
      () => as.call(listsApi.detail, { params: ids }),
      () => as.call(listsApi.detailByQuery, { query: { id: list.id } }),
      () => as.call(listsApi.rename, { params: ids, body: { name: 'Mine now' } }),
      () => as.call(listsApi.remove, { params: ids }),
      () => as.call(listsApi.addItem, { params: ids, body: { name: 'Sneaky' } }),
      () => as.call(listsApi.updateItem, { params: ids, body: { is_checked: true } }),
      () => as.call(listsApi.removeItem, { params: ids }),
    ];
    for (const [index, call] of calls.entries()) {
      const res = await call();
      expect(res.statusCode, `call ${index}: ${res.body}`).toBe(404);
      expect(res.error().message).toBe('List not found');
    }
    const bobsLists = (await as.call(listsApi.list)).json();
    expect(bobsLists.items.map((l) => l.id)).not.toContain(list.id);
    const still = (await actAs(t.app, alice).call(listsApi.detail, { params: { id: list.id } })).json();
    expect(still).toMatchObject({ name: 'Private' });
    expect(still.items).toEqual([expect.objectContaining({ name: 'Secret sauce', is_checked: false })]);
  });

  it('answers 404 for an item id that belongs to a different list of the same shopper', async () => {
    const first = await createList(alice, 'First');
    const second = await createList(alice, 'Second');
    const item = await addItem(alice, first.id, { name: 'Apples' });
    const res = await actAs(t.app, alice).call(listsApi.updateItem, {
      params: { id: second.id, itemId: item.id },
      body: { is_checked: true },
    });
    expect(res.statusCode).toBe(404);
  });

  it('rejects blank names, bad ids and empty patches with 400', async () => {
    const as = actAs(t.app, alice);
    const blank = await as.call(listsApi.create, { body: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.error().message).toMatch(/List name is required/);
    const missing = await callRouteWithBadInput(t.app, listsApi.detailByQuery, { headers: asUser(alice) });
    expect(missing.statusCode).toBe(400);
    const notUuid = await as.call(listsApi.detailByQuery, { query: { id: '42' } });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.error().message).toMatch(/Invalid id/);
    const list = await createList(alice, 'Validation');
    const blankItem = await as.call(listsApi.addItem, { params: { id: list.id }, body: { name: '' } });
    expect(blankItem.statusCode).toBe(400);
    const badQty = await as.call(listsApi.addItem, { params: { id: list.id }, body: { name: 'Milk', quantity: -1 } });
    expect(badQty.statusCode).toBe(400);
    const item = await addItem(alice, list.id, { name: 'Milk' });
    const empty = await as.call(listsApi.updateItem, { params: { id: list.id, itemId: item.id }, body: {} });
    expect(empty.statusCode).toBe(400);
    const unknownProduct = await as.call(listsApi.addItem, {
      params: { id: list.id },
      body: { name: 'Milk', product_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknownProduct.statusCode).toBe(404);
  });

  it('answers 401 to anonymous callers, even with bad input', async () => {
    for (const call of [
      () => callRoute(t.app, listsApi.list),
      () => callRoute(t.app, listsApi.create, { body: { name: '' } }),
      () => callRoute(t.app, listsApi.detailByQuery, { query: { id: 'nope' } }),
    ]) {
      const res = await call();
      expect(res.statusCode).toBe(401);
      expect(res.error().message).toBe('Auth session missing!');
    }
  });
});
