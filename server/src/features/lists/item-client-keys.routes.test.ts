import { beforeAll, describe, expect, it } from 'vitest';
import { ZListItem, ZPantryItem, ZShoppingListDetail, pantryApi, listsApi, type RouteBody } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { callRoute } from '../../test/call-route';

// The offline outbox sends an add again when its first answer was lost; the browser's client key makes that safe.
const t = registerTestApp();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await createUser(t.app);
  bob = await createUser(t.app);
});

async function createList(user: TestUser): Promise<string> {
  const res = await callRoute(t.app, listsApi.create, { headers: asUser(user), body: { name: 'Keys' } });
  return ZShoppingListDetail.parse(res.json()).id;
}

function postItem(user: TestUser, listId: string, payload: RouteBody<typeof listsApi.addItem>) {
  return callRoute(t.app, listsApi.addItem, { params: { id: listId }, headers: asUser(user), body: payload });
}

async function listNames(user: TestUser, listId: string): Promise<string[]> {
  const res = await callRoute(t.app, listsApi.detail, { params: { id: listId }, headers: asUser(user) });
  return ZShoppingListDetail.parse(res.json()).items.map((item) => item.name);
}

function postPantry(user: TestUser, payload: RouteBody<typeof pantryApi.create>) {
  return callRoute(t.app, pantryApi.create, { headers: asUser(user), body: payload });
}

describe('idempotent item adds', () => {
  it('answers a repeated list add with the same client key with the first item, and adds nothing', async () => {
    const listId = await createList(alice);
    const first = await postItem(alice, listId, { name: 'Milk', client_key: 'local-1a2b3c4d' });
    const again = await postItem(alice, listId, { name: 'Milk', client_key: 'local-1a2b3c4d' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(ZListItem.parse(again.json()).id).toBe(ZListItem.parse(first.json()).id);
    await postItem(alice, listId, { name: 'Milk', client_key: 'local-9z8y7x6w' });
    await postItem(alice, listId, { name: 'Eggs' });
    await postItem(alice, listId, { name: 'Eggs' });
    // Another key, or no key at all, is another add.
    expect(await listNames(alice, listId)).toEqual(['Milk', 'Milk', 'Eggs', 'Eggs']);
  });

  it('keeps one item when copies of one add arrive at the same time', async () => {
    const listId = await createList(alice);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postItem(alice, listId, { name: 'Rice', client_key: 'local-race0001' })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((res) => ZListItem.parse(res.json()).id)).size).toBe(1);
    expect(await listNames(alice, listId)).toEqual(['Rice']);
  });

  it('scopes a key to its list: the same key on another list adds there', async () => {
    const [one, two] = [await createList(alice), await createList(alice)];
    const a = ZListItem.parse((await postItem(alice, one, { name: 'Tea', client_key: 'local-shared01' })).json());
    const b = ZListItem.parse((await postItem(alice, two, { name: 'Tea', client_key: 'local-shared01' })).json());
    expect(a.id).not.toBe(b.id);
    expect(await listNames(alice, two)).toEqual(['Tea']);
  });

  it('refuses a malformed client key with 400', async () => {
    const listId = await createList(alice);
    for (const key of ['short', 'has spaces in it', 'x'.repeat(81)]) {
      const res = await postItem(alice, listId, { name: 'Oats', client_key: key });
      expect(res.statusCode, key).toBe(400);
      expect(res.error().message).toContain('Invalid client key');
    }
  });

  it('answers a repeated pantry add with the first item, per shopper', async () => {
    const payload = { name: 'Flour', qty: 1, unit: 'kg', client_key: 'local-pantry01' };
    const first = await postPantry(alice, payload);
    const again = await postPantry(alice, payload);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(ZPantryItem.parse(again.json()).id).toBe(ZPantryItem.parse(first.json()).id);
    // Bob's browser cannot reach Alice's item through her key: he gets his own.
    const bobs = await postPantry(bob, payload);
    expect(ZPantryItem.parse(bobs.json()).id).not.toBe(ZPantryItem.parse(first.json()).id);
    const pantry = await callRoute(t.app, pantryApi.list, { headers: asUser(alice) });
    expect(pantry.json().items.filter((item: { name: string }) => item.name === 'Flour')).toHaveLength(1);
  });
});
