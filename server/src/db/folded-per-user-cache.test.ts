import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ZDashboard, dashboardApi } from '@cartwise/contracts';
import type { App } from '../app-types';
import { registerTestApp, registerTwoInstances } from '../test/test-app';
import { asUser, createUser, type TestUser } from '../test/factories';
import { callRoute } from '../test/call-route';
import { cachePerUserFolded, selectWithVersions } from './folded-per-user-cache';
import { createId, nowIso } from './ids';
import { precompile } from './precompiled-query';

const t = registerTestApp();

// Writes go straight to the database, as another instance or psql would: only the database's counters tell the cache.
async function addPantryItem(app: App, userId: string, name: string): Promise<void> {
  await app.db
    .insertInto('pantry_items')
    .values({
      id: createId(),
      user_id: userId,
      household_id: null,
      name,
      expires_on: null,
      product_id: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
}

// The user's pantry item count, read beside the versions it is cached under.
const selectItemCount = precompile((db, p: { userId: string }) =>
  selectWithVersions(db, p.userId, ['deals']).select((eb) =>
    eb
      .selectFrom('pantry_items')
      .select((c) => c.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', p.userId)
      .as('items'),
  ),
);

type CountRow = Awaited<ReturnType<typeof selectItemCount>>[number];

/** A folded count whose statement is always sent through the database's async path, then `after` runs. */
function createCountCache(after: (rows: CountRow[]) => Promise<void> = async () => {}) {
  const built: CountRow[] = [];
  const read = cachePerUserFolded(
    {
      select: async (app: App, userId) => {
        const rows = await selectItemCount(app.db, { userId });
        await after(rows);
        return rows;
      },
      selectNow: () => undefined,
      toValue: (row: CountRow) => {
        built.push(row);
        return { items: Number(row.items) };
      },
    },
    () => '',
    ['deals'],
  );
  return { read, built };
}

describe('a per-user cache whose versions come back with the value', () => {
  let shopper: TestUser;
  beforeAll(async () => {
    shopper = await createUser(t.app);
  });

  it('builds once, reuses it on a repeat visit, and builds again after the user’s or a shared table’s write', async () => {
    const { read, built } = createCountCache();
    const first = await read(t.app, shopper.id);
    expect(first).toEqual({ items: 0 });
    expect(await read(t.app, shopper.id)).toBe(first);
    await addPantryItem(t.app, (await createUser(t.app)).id, 'Not yours');
    expect(await read(t.app, shopper.id)).toBe(first);
    expect(built).toHaveLength(1);
    await addPantryItem(t.app, shopper.id, 'Rice');
    expect(await read(t.app, shopper.id)).toEqual({ items: 1 });
    expect(built).toHaveLength(2);
    await t.app.db.updateTable('table_versions').set({ version: 1000 }).where('name', '=', 'deals').execute();
    expect(await read(t.app, shopper.id)).toEqual({ items: 1 });
    expect(built).toHaveLength(3);
  });

  it('shows a write that lands right after the rebuild’s statement on the next visit', async () => {
    // Were the versions read after the value, this write would be cached under its own version with the older
    // count, and served until the user wrote again.
    let isArmed = true;
    const { read } = createCountCache(async () => {
      if (!isArmed) return;
      isArmed = false;
      await addPantryItem(t.app, shopper.id, 'Beans');
    });
    const before = await read(t.app, shopper.id);
    expect(await read(t.app, shopper.id)).toEqual({ items: before.items + 1 });
  });

  it('builds the value when the user has no version row yet', async () => {
    const newcomer = await createUser(t.app);
    await t.app.db.deleteFrom('user_data_versions').where('user_id', '=', newcomer.id).execute();
    const { read } = createCountCache();
    expect(await read(t.app, newcomer.id)).toEqual({ items: 0 });
    await addPantryItem(t.app, newcomer.id, 'Salt');
    expect(await read(t.app, newcomer.id)).toEqual({ items: 1 });
  });
});

const readSpend = async (app: App, user: TestUser) =>
  ZDashboard.parse((await callRoute(app, dashboardApi.get, { headers: asUser(user) })).json()).spend_this_month_cents;

describe.skipIf(!inject('postgresUrl'))('the folded dashboard on two instances', () => {
  const instances = registerTwoInstances();

  it('shows on B a receipt written straight to the database through A', async () => {
    const shopper = await createUser(instances.a);
    expect(await readSpend(instances.b, shopper)).toBe(0);
    await instances.a.db
      .insertInto('receipts')
      .values({
        id: createId(),
        user_id: shopper.id,
        store_id: null,
        store_name: 'Corner shop',
        purchased_on: nowIso().slice(0, 10),
        total_cents: 777,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    // B trusts what it read until the database's notice reaches it (db/cache-trust.ts).
    await vi.waitFor(async () => expect(await readSpend(instances.b, shopper)).toBe(777), { timeout: 2000, interval: 20 });
    expect(await readSpend(instances.a, shopper)).toBe(777);
  });
});
