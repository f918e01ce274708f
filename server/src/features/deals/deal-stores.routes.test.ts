import { dealsApi } from '@cartwise/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { createId, nowIso } from '../../db/ids';
import { createStore } from './deals-test-helpers';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();
let typist: TestUser;
let other: TestUser;

beforeAll(async () => {
  typist = await createUser(t.app);
  other = await createUser(t.app);
  await createStore(t.app, 'Public Corner Market');
  await t.app.db
    .insertInto('store_locations')
    .values({ id: createId(), chain_id: null, name: 'Dr Smith Clinic Pharmacy', created_by: typist.id, created_at: nowIso(), is_public: 0 })
    .execute();
});

async function listStoreNames(user: TestUser): Promise<string[]> {
  const res = await callRoute(t.app, dealsApi.stores, { headers: asUser(user) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: { name: string }[] }).items.map((s) => s.name);
}

describe('the deal store picker', () => {
  it('does not list a store typed on another shopper’s private receipt', async () => {
    expect(await listStoreNames(other)).toContain('Public Corner Market');
    expect(await listStoreNames(other)).not.toContain('Dr Smith Clinic Pharmacy');
  });

  it('lists a private store to the shopper whose receipt created it', async () => {
    expect(await listStoreNames(typist)).toEqual(expect.arrayContaining(['Public Corner Market', 'Dr Smith Clinic Pharmacy']));
  });
});
