import { beforeAll, describe, expect, it } from 'vitest';
import { pantryApi, type RouteBody } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { actAs, callRoute } from '../../test/call-route';

const t = registerTestApp();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await createUser(t.app);
  bob = await createUser(t.app);
});

async function addItem(user: TestUser, body: RouteBody<typeof pantryApi.create>) {
  const res = await actAs(t.app, user).call(pantryApi.create, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function readPantry(user: TestUser) {
  const res = await actAs(t.app, user).call(pantryApi.list);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('pantry', () => {
  it('starts empty with a Total Qty of 0', async () => {
    const user = await createUser(t.app);
    expect(await readPantry(user)).toEqual({ items: [], total_qty: 0 });
  });

  it('adds items and returns them sorted by expiry (undated last) with the Total Qty', async () => {
    const user = await createUser(t.app);
    await addItem(user, { name: 'Rice', qty: 2, unit: 'kg' });
    await addItem(user, { name: 'Yogurt', qty: 0.5, unit: 'l', expires_on: '2026-12-03' });
    await addItem(user, { name: 'Milk', qty: 1.25, unit: 'l', expires_on: '2026-11-25' });
    const pantry = await readPantry(user);
    expect(pantry.items.map((item) => item.name)).toEqual(['Milk', 'Yogurt', 'Rice']);
    expect(pantry.items[0]).toMatchObject({ name: 'Milk', qty: 1.25, unit: 'l', expires_on: '2026-11-25' });
    expect(pantry.total_qty).toBe(3.75);
  });

  it('edits and removes an item', async () => {
    const item = await addItem(alice, { name: 'Beans', qty: 3, unit: 'can' });
    const as = actAs(t.app, alice);
    const edit = await as.call(pantryApi.update, {
      params: { id: item.id },
      body: { qty: 2, expires_on: '2027-01-31', name: 'Black beans' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ name: 'Black beans', qty: 2, unit: 'can', expires_on: '2027-01-31' });
    const clear = await as.call(pantryApi.update, { params: { id: item.id }, body: { expires_on: null } });
    expect(clear.json().expires_on).toBeNull();

    const remove = await as.call(pantryApi.remove, { params: { id: item.id } });
    expect(remove.statusCode).toBe(204);
    expect((await readPantry(alice)).items.map((i) => i.id)).not.toContain(item.id);
  });

  it("answers 404 to another shopper's pantry item and never shows it to them", async () => {
    const item = await addItem(alice, { name: 'Saffron', qty: 1, unit: 'g' });
    const asBob = actAs(t.app, bob);
    const edit = await asBob.call(pantryApi.update, { params: { id: item.id }, body: { qty: 0 } });
    expect(edit.statusCode).toBe(404);
    expect(edit.error().message).toBe('Pantry item not found');
    const remove = await asBob.call(pantryApi.remove, { params: { id: item.id } });
    expect(remove.statusCode).toBe(404);
    expect((await readPantry(bob)).items.map((i) => i.id)).not.toContain(item.id);
    const mine = (await readPantry(alice)).items.find((i) => i.id === item.id);
    expect(mine).toMatchObject({ name: 'Saffron', qty: 1 });
  });

  it('rejects bad input with 400 and a clear message', async () => {
    const as = actAs(t.app, alice);
    const blank = await as.call(pantryApi.create, { body: { name: ' ', qty: 1 } });
    expect(blank.statusCode).toBe(400);
    expect(blank.error().message).toMatch(/Item name is required/);
    const negative = await as.call(pantryApi.create, { body: { name: 'Oil', qty: -2 } });
    expect(negative.statusCode).toBe(400);
    const badDate = await as.call(pantryApi.create, { body: { name: 'Oil', qty: 1, expires_on: '31/12/2026' } });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.error().message).toMatch(/2026-01-31/);
    const badId = await t.app.inject({ method: 'PATCH', url: '/api/pantry/not-a-uuid', headers: asUser(alice), payload: { qty: 1 } });
    expect(badId.statusCode).toBe(400);
    const item = await addItem(alice, { name: 'Oil', qty: 1 });
    const empty = await as.call(pantryApi.update, { params: { id: item.id }, body: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await callRoute(t.app, pantryApi.list)).statusCode).toBe(401);
    const post = await callRoute(t.app, pantryApi.create, { body: { name: 'x', qty: 1 } });
    expect(post.statusCode).toBe(401);
  });
});
