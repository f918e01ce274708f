import { beforeAll, describe, expect, it } from 'vitest';
import { ZListItem, ZShoppingListDetail, ZShoppingLists } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';

const t = registerTestApp();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await createUser(t.app);
  bob = await createUser(t.app);
});

async function createList(user: TestUser, name: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/lists', headers: asUser(user), payload: { name } });
  expect(res.statusCode).toBe(201);
  return ZShoppingListDetail.parse(res.json());
}

async function addItem(user: TestUser, listId: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `/api/lists/${listId}/items`, headers: asUser(user), payload });
  expect(res.statusCode, res.body).toBe(201);
  return ZListItem.parse(res.json());
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

    const viaRest = ZShoppingListDetail.parse(
      (await t.app.inject({ method: 'GET', url: `/api/lists/${list.id}`, headers: asUser(alice) })).json(),
    );
    expect(viaRest.items.map((item) => item.name)).toEqual(['Milk', 'Eggs']);
    const viaSpec = await t.app.inject({ method: 'GET', url: `/api/list/detail?id=${list.id}`, headers: asUser(alice) });
    expect(viaSpec.statusCode).toBe(200);
    expect(ZShoppingListDetail.parse(viaSpec.json()).items.map((item) => ({ id: item.id, name: item.name, note: item.note }))).toEqual([
      { id: milk.id, name: 'Milk', note: '2% if possible' },
      { id: eggs.id, name: 'Eggs', note: '' },
    ]);
  });

  it('lists every list with item and checked counts', async () => {
    const user = await createUser(t.app);
    const empty = await t.app.inject({ method: 'GET', url: '/api/lists', headers: asUser(user) });
    expect(ZShoppingLists.parse(empty.json()).items).toEqual([]);

    const list = await createList(user, 'Party');
    const chips = await addItem(user, list.id, { name: 'Chips' });
    await addItem(user, list.id, { name: 'Salsa' });
    await createList(user, 'Empty one');
    const check = await t.app.inject({
      method: 'PATCH',
      url: `/api/lists/${list.id}/items/${chips.id}`,
      headers: asUser(user),
      payload: { is_checked: true },
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().is_checked).toBe(true);

    const res = await t.app.inject({ method: 'GET', url: '/api/lists', headers: asUser(user) });
    const lists = ZShoppingLists.parse(res.json()).items;
    expect(lists).toHaveLength(2);
    expect(lists.find((l) => l.name === 'Party')).toMatchObject({ item_count: 2, checked_count: 1 });
    expect(lists.find((l) => l.name === 'Empty one')).toMatchObject({ item_count: 0, checked_count: 0 });
  });

  it('edits, unchecks and removes items, renames and deletes the list', async () => {
    const list = await createList(alice, 'Edit me');
    const item = await addItem(alice, list.id, { name: 'Bread' });
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/lists/${list.id}/items/${item.id}`,
      headers: asUser(alice),
      payload: { name: 'Rye bread', note: 'sliced', quantity: 1.5, unit: 'loaf', accepts_substitutes: true },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ name: 'Rye bread', note: 'sliced', quantity: 1.5, unit: 'loaf', accepts_substitutes: true });

    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/lists/${list.id}`,
      headers: asUser(alice),
      payload: { name: 'Bakery' },
    });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().name).toBe('Bakery');

    const remove = await t.app.inject({ method: 'DELETE', url: `/api/lists/${list.id}/items/${item.id}`, headers: asUser(alice) });
    expect(remove.statusCode).toBe(204);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/lists/${list.id}/items/${item.id}`, headers: asUser(alice) });
    expect(again.statusCode).toBe(404);

    await addItem(alice, list.id, { name: 'Left behind' });
    const drop = await t.app.inject({ method: 'DELETE', url: `/api/lists/${list.id}`, headers: asUser(alice) });
    expect(drop.statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: `/api/lists/${list.id}`, headers: asUser(alice) });
    expect(gone.statusCode).toBe(404);
    const orphans = await t.app.db.selectFrom('list_items').select('id').where('list_id', '=', list.id).execute();
    expect(orphans).toEqual([]);
  });

  it("answers 404 to every call on another shopper's list and leaves it untouched", async () => {
    const list = await createList(alice, 'Private');
    const item = await addItem(alice, list.id, { name: 'Secret sauce' });
    const as = asUser(bob);
    const calls = [
      { method: 'GET' as const, url: `/api/lists/${list.id}` },
      { method: 'GET' as const, url: `/api/list/detail?id=${list.id}` },
      { method: 'PATCH' as const, url: `/api/lists/${list.id}`, payload: { name: 'Mine now' } },
      { method: 'DELETE' as const, url: `/api/lists/${list.id}` },
      { method: 'POST' as const, url: `/api/lists/${list.id}/items`, payload: { name: 'Sneaky' } },
      { method: 'PATCH' as const, url: `/api/lists/${list.id}/items/${item.id}`, payload: { is_checked: true } },
      { method: 'DELETE' as const, url: `/api/lists/${list.id}/items/${item.id}` },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: as });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.json().message).toBe('List not found');
    }
    const bobsLists = ZShoppingLists.parse((await t.app.inject({ method: 'GET', url: '/api/lists', headers: as })).json());
    expect(bobsLists.items.map((l) => l.id)).not.toContain(list.id);
    const still = ZShoppingListDetail.parse(
      (await t.app.inject({ method: 'GET', url: `/api/lists/${list.id}`, headers: asUser(alice) })).json(),
    );
    expect(still).toMatchObject({ name: 'Private' });
    expect(still.items).toEqual([expect.objectContaining({ name: 'Secret sauce', is_checked: false })]);
  });

  it('answers 404 for an item id that belongs to a different list of the same shopper', async () => {
    const first = await createList(alice, 'First');
    const second = await createList(alice, 'Second');
    const item = await addItem(alice, first.id, { name: 'Apples' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/lists/${second.id}/items/${item.id}`,
      headers: asUser(alice),
      payload: { is_checked: true },
    });
    expect(res.statusCode).toBe(404);
  });

  it('rejects blank names, bad ids and empty patches with 400', async () => {
    const blank = await t.app.inject({ method: 'POST', url: '/api/lists', headers: asUser(alice), payload: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/List name is required/);
    const missing = await t.app.inject({ method: 'GET', url: '/api/list/detail', headers: asUser(alice) });
    expect(missing.statusCode).toBe(400);
    const notUuid = await t.app.inject({ method: 'GET', url: '/api/list/detail?id=42', headers: asUser(alice) });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().message).toMatch(/Invalid id/);
    const list = await createList(alice, 'Validation');
    const blankItem = await t.app.inject({
      method: 'POST',
      url: `/api/lists/${list.id}/items`,
      headers: asUser(alice),
      payload: { name: '' },
    });
    expect(blankItem.statusCode).toBe(400);
    const badQty = await t.app.inject({
      method: 'POST',
      url: `/api/lists/${list.id}/items`,
      headers: asUser(alice),
      payload: { name: 'Milk', quantity: -1 },
    });
    expect(badQty.statusCode).toBe(400);
    const item = await addItem(alice, list.id, { name: 'Milk' });
    const empty = await t.app.inject({
      method: 'PATCH',
      url: `/api/lists/${list.id}/items/${item.id}`,
      headers: asUser(alice),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const unknownProduct = await t.app.inject({
      method: 'POST',
      url: `/api/lists/${list.id}/items`,
      headers: asUser(alice),
      payload: { name: 'Milk', product_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknownProduct.statusCode).toBe(404);
  });

  it('answers 401 to anonymous callers, even with bad input', async () => {
    for (const call of [
      { method: 'GET' as const, url: '/api/lists' },
      { method: 'POST' as const, url: '/api/lists', payload: { name: '' } },
      { method: 'GET' as const, url: '/api/list/detail?id=nope' },
    ]) {
      const res = await t.app.inject(call);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Auth session missing!');
    }
  });
});
