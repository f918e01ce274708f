import { beforeAll, describe, expect, it } from 'vitest';
import { ZHousehold, ZHouseholdInvite, ZInvitePreview, ZShoppingListDetail } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';

const t = registerTestApp();
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let householdId: string;

function call(user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: asUser(user), ...(payload ? { payload } : {}) });
}

beforeAll(async () => {
  owner = await createUser(t.app, { name: 'Olive Owner' });
  member = await createUser(t.app);
  outsider = await createUser(t.app);
  householdId = ZHousehold.parse((await call(owner, 'POST', '/api/households', { name: 'Maple Street' })).json()).id;
  const { code } = ZHouseholdInvite.parse((await call(owner, 'POST', `/api/households/${householdId}/invites`)).json());
  const preview = await call(member, 'GET', `/api/households/join/${code.toLowerCase()}`);
  expect(ZInvitePreview.parse(preview.json())).toMatchObject({ inviterName: 'Olive Owner', householdName: 'Maple Street' });
  expect((await call(member, 'POST', '/api/households/join', { code })).statusCode).toBe(200);
  expect((await call(outsider, 'GET', `/api/households/join/${code}`)).statusCode).toBe(410);
  expect((await call(outsider, 'GET', '/api/households/join/NOTACODE')).statusCode).toBe(404);
});

describe('sharing an existing list', () => {
  it('shares a list with the household and stops sharing with null, for the shopper who made it only', async () => {
    const list = ZShoppingListDetail.parse((await call(owner, 'POST', '/api/lists', { name: 'Weekly' })).json());
    expect((await call(member, 'GET', `/api/lists/${list.id}`)).statusCode).toBe(404);
    const shared = await call(owner, 'PATCH', `/api/lists/${list.id}`, { householdId });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toMatchObject({ name: 'Weekly', household_id: householdId });
    expect((await call(member, 'GET', `/api/lists/${list.id}`)).statusCode).toBe(200);
    // A member sees and renames it, but only its maker decides who shares it.
    expect((await call(member, 'PATCH', `/api/lists/${list.id}`, { name: 'Weekly shop' })).statusCode).toBe(200);
    expect((await call(member, 'PATCH', `/api/lists/${list.id}`, { householdId: null })).statusCode).toBe(403);
    expect((await call(owner, 'PATCH', `/api/lists/${list.id}`, { householdId: null })).json()).toMatchObject({
      name: 'Weekly shop',
      household_id: null,
    });
    expect((await call(member, 'GET', `/api/lists/${list.id}`)).statusCode).toBe(404);
  });

  it('refuses a household the shopper is not in, someone else list, and an empty change', async () => {
    const theirs = ZHousehold.parse((await call(outsider, 'POST', '/api/households', { name: 'Elsewhere' })).json()).id;
    const list = ZShoppingListDetail.parse((await call(owner, 'POST', '/api/lists', { name: 'Mine' })).json());
    expect((await call(owner, 'PATCH', `/api/lists/${list.id}`, { householdId: theirs })).statusCode).toBe(404);
    expect((await call(outsider, 'PATCH', `/api/lists/${list.id}`, { householdId: theirs })).statusCode).toBe(404);
    expect((await call(owner, 'PATCH', `/api/lists/${list.id}`, {})).statusCode).toBe(400);
    expect((await call(owner, 'PATCH', `/api/lists/${list.id}`, { householdId: 'nope' })).statusCode).toBe(400);
  });
});

describe('two members adding the same product at once', () => {
  it('gets one row for the product however many adds race', async () => {
    const product = (await call(owner, 'POST', '/api/products', { name: 'Race test oat milk 1 l' })).json();
    // A catalogue product everyone sees (one a shopper just made is theirs alone until approved).
    await t.app.db.updateTable('products').set({ owner_user_id: null }).where('id', '=', product.id).execute();
    const list = ZShoppingListDetail.parse((await call(owner, 'POST', '/api/lists', { name: 'Race', householdId })).json());
    const adds = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(i % 2 === 0 ? owner : member, 'POST', `/api/lists/${list.id}/items`, { name: 'Oat milk', product_id: product.id }),
      ),
    );
    expect(adds.map((res) => res.statusCode)).toEqual(Array.from({ length: 8 }, () => 201));
    expect(new Set(adds.map((res) => res.json().id)).size).toBe(1);
    const items = ZShoppingListDetail.parse((await call(member, 'GET', `/api/lists/${list.id}`)).json()).items;
    expect(items.filter((item) => item.product_id === product.id)).toHaveLength(1);
    // Once ticked, the product can go on the list again.
    await call(owner, 'PATCH', `/api/lists/${list.id}/items/${items[0]!.id}`, { is_checked: true });
    const again = await call(member, 'POST', `/api/lists/${list.id}/items`, { name: 'Oat milk', product_id: product.id });
    expect(again.json().id).not.toBe(items[0]!.id);
  });
});
