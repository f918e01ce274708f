import { describe, expect, it } from 'vitest';
import { ZStoreList, storesApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser } from '../../test/factories';
import { createId, nowIso } from '../../db/ids';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();

describe('GET /api/stores', () => {
  it('answers 401 to anonymous callers', async () => {
    const res = await callRoute(t.app, storesApi.list);
    expect(res.statusCode).toBe(401);
  });

  it('answers an empty list when no stores exist', async () => {
    const user = await createUser(t.app);
    const res = await callRoute(t.app, storesApi.list, { headers: asUser(user) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
  });

  it('lists every location with its chain name, grouped by chain, chainless stores last', async () => {
    const now = nowIso();
    const greenleaf = createId();
    const freshmart = createId();
    await t.app.db
      .insertInto('store_chains')
      .values([
        { id: greenleaf, name: 'GreenLeaf Market', created_at: now },
        { id: freshmart, name: 'FreshMart', created_at: now },
      ])
      .execute();
    const creator = await createUser(t.app);
    await t.app.db
      .insertInto('store_locations')
      .values([
        { id: createId(), chain_id: null, name: 'Farmers market stall', address: '', city: '', created_by: creator.id, created_at: now },
        {
          id: createId(),
          chain_id: greenleaf,
          name: 'GreenLeaf Hilldale',
          address: '702 N Midvale Blvd',
          city: 'Madison, WI',
          created_at: now,
        },
        { id: createId(), chain_id: freshmart, name: 'FreshMart Eastside', address: '2450 E Washington Ave', city: '', created_at: now },
        { id: createId(), chain_id: freshmart, name: 'FreshMart Downtown', address: '120 W Main St', city: 'Madison, WI', created_at: now },
      ])
      .execute();

    // Any signed-in user sees every store, including ones someone else added.
    for (const viewer of [await createUser(t.app), await createAdmin(t.app)]) {
      const res = await callRoute(t.app, storesApi.list, { headers: asUser(viewer) });
      expect(res.statusCode).toBe(200);
      const { items } = ZStoreList.parse(res.json());
      expect(items.map((s) => [s.chain_name, s.name, s.address])).toEqual([
        ['FreshMart', 'FreshMart Downtown', '120 W Main St, Madison, WI'],
        ['FreshMart', 'FreshMart Eastside', '2450 E Washington Ave'],
        ['GreenLeaf Market', 'GreenLeaf Hilldale', '702 N Midvale Blvd, Madison, WI'],
        [null, 'Farmers market stall', null],
      ]);
    }
  });
});
