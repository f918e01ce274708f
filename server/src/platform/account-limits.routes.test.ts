import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '@cartwise/contracts';
import { registerTestApp } from '../test/test-app';
import { asUser, createUser, type TestUser } from '../test/factories';
import { createId, nowIso } from '../db/ids';

// Each limit is filled straight in the database (thousands of requests would only slow the test), then the next
// request through the API must be refused with its message.
const t = registerTestApp();
let shopper: TestUser;

function call(method: 'POST', url: string, payload: Record<string, unknown>, user = shopper) {
  return t.app.inject({ method, url, headers: asUser(user), payload });
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) await insert(rows.slice(i, i + 100));
}

beforeAll(async () => {
  shopper = await createUser(t.app);
});

describe('count limits per account', () => {
  it('refuses one list more than an account may have', async () => {
    const now = nowIso();
    const rows = Array.from({ length: ACCOUNT_LIMITS.lists - 1 }, (_, i) => ({
      id: createId(),
      user_id: shopper.id,
      household_id: null,
      name: `List ${i}`,
      created_at: now,
      updated_at: now,
    }));
    await insertInChunks(rows, (chunk) => t.app.db.insertInto('shopping_lists').values(chunk).execute());
    expect((await call('POST', '/api/lists', { name: 'The last one' })).statusCode).toBe(201);
    const refused = await call('POST', '/api/lists', { name: 'One too many' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'limit_reached',
      message: `You have reached the limit of ${ACCOUNT_LIMITS.lists} lists. Remove some to add more.`,
    });
  });

  it('refuses one item more than a list may hold, but still answers a replayed add', async () => {
    const other = await createUser(t.app);
    const list = (await call('POST', '/api/lists', { name: 'Long list' }, other)).json();
    const first = await call('POST', `/api/lists/${list.id}/items`, { name: 'Milk', client_key: 'local-limit001' }, other);
    expect(first.statusCode).toBe(201);
    const rows = Array.from({ length: ACCOUNT_LIMITS.itemsPerList - 1 }, (_, i) => ({
      id: createId(),
      list_id: list.id,
      name: `Item ${i}`,
      unit: null,
      product_id: null,
      category: null,
      created_at: nowIso(),
      client_key: null,
    }));
    await insertInChunks(rows, (chunk) => t.app.db.insertInto('list_items').values(chunk).execute());
    const refused = await call('POST', `/api/lists/${list.id}/items`, { name: 'Bread' }, other);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `You have reached the limit of ${ACCOUNT_LIMITS.itemsPerList} items on a list. Remove some to add more.`,
    );
    const replay = await call('POST', `/api/lists/${list.id}/items`, { name: 'Milk', client_key: 'local-limit001' }, other);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(first.json().id);
  });

  it('refuses one pantry item more than an account may have', async () => {
    const other = await createUser(t.app);
    const now = nowIso();
    const rows = Array.from({ length: ACCOUNT_LIMITS.pantryItems }, (_, i) => ({
      id: createId(),
      user_id: other.id,
      household_id: null,
      name: `Jar ${i}`,
      expires_on: null,
      product_id: null,
      created_at: now,
      updated_at: now,
      client_key: null,
    }));
    await insertInChunks(rows, (chunk) => t.app.db.insertInto('pantry_items').values(chunk).execute());
    const refused = await call('POST', '/api/pantry', { name: 'Rice', qty: 1 }, other);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `You have reached the limit of ${ACCOUNT_LIMITS.pantryItems} pantry items. Remove some to add more.`,
    );
  });

  it('refuses creating or joining one household more than an account may belong to', async () => {
    const other = await createUser(t.app);
    const host = await createUser(t.app);
    const hostHousehold = (await call('POST', '/api/households', { name: 'Host' }, host)).json();
    const { code } = (await call('POST', `/api/households/${hostHousehold.id}/invites`, {}, host)).json();
    const now = nowIso();
    for (let i = 0; i < ACCOUNT_LIMITS.households; i += 1) {
      const id = createId();
      await t.app.db
        .insertInto('households')
        .values({ id, name: `House ${i}`, owner_id: other.id, created_at: now, updated_at: now })
        .execute();
      await t.app.db
        .insertInto('household_members')
        .values({ household_id: id, user_id: other.id, role: 'owner', joined_at: now })
        .execute();
    }
    const message = `You have reached the limit of ${ACCOUNT_LIMITS.households} households. Remove some to add more.`;
    const created = await call('POST', '/api/households', { name: 'One more' }, other);
    expect([created.statusCode, created.json().message]).toEqual([400, message]);
    const joined = await call('POST', '/api/households/join', { code }, other);
    expect([joined.statusCode, joined.json().message]).toEqual([400, message]);
  });

  it('refuses new catalogue products past the daily allowance with 429', async () => {
    const other = await createUser(t.app);
    expect((await call('POST', '/api/products', { name: 'Limit test oats' }, other)).statusCode).toBe(201);
    // The rest of the day's allowance used up, as that many earlier creations would have.
    await t.app.db
      .updateTable('rate_limits')
      .set({ hits: ACCOUNT_LIMITS.productsPerDay })
      .where('key', '=', `products-created|${other.id}`)
      .execute();
    const refused = await call('POST', '/api/products', { name: 'Limit test bran' }, other);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      new RegExp(`^You can add ${ACCOUNT_LIMITS.productsPerDay} products a day\\. Try again in \\d+ hours?\\.$`),
    );
  });
});
