import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZAdminStores, adminManageApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { createId, nowIso } from '../../db/ids';
import { importPriceBook } from '../../test/priced-lists';
import { migrateToLatest } from '../../db/migrate';
import { callRoute } from '../../test/call-route';

// store_totals is kept by triggers: these tests write straight to the database, as any writer may, and compare the
// operator's figures with a recount.
const t = registerTestApp();
let admin: TestUser;
let shopper: TestUser;
let tag: string;
const storeIds = new Map<string, string>();

beforeAll(async () => {
  admin = await createAdmin(t.app);
  shopper = await createUser(t.app);
  tag = `tot${Date.now().toString(36)}`;
  await importPriceBook(t.app, [
    ['Milk', 'Farm', '1 gal', 'Dairy', `${tag} Northco`, 'North', '4.00'],
    ['Apples', '', '1 lb', 'Produce', `${tag} Northco`, 'North', '1.00'],
    ['Milk', 'Farm', '1 gal', 'Dairy', `${tag} Southco`, 'South', '2.50'],
  ]);
  // The import names each store's chain after the tag, which the operator's search also finds.
  const stores = await t.app.db
    .selectFrom('store_locations as s')
    .innerJoin('store_chains as c', 'c.id', 's.chain_id')
    .select(['s.id', 's.name'])
    .where('c.name', 'like', `${tag}%`)
    .execute();
  for (const store of stores) storeIds.set(store.name, store.id);
});

async function insertReceipt(storeId: string | null): Promise<string> {
  const id = createId();
  const now = nowIso();
  await t.app.db
    .insertInto('receipts')
    .values({
      id,
      user_id: shopper.id,
      store_id: storeId,
      store_name: 'x',
      purchased_on: null,
      total_cents: 100,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Every store's kept totals beside a recount; a store without a totals row counts as zero. */
async function compareWithRecount() {
  const rows = await t.app.db
    .selectFrom('store_locations as s')
    .leftJoin('store_totals as t', 't.store_id', 's.id')
    .select((eb) => [
      's.id',
      't.observation_count',
      't.receipt_count',
      eb
        .selectFrom('price_observations as o')
        .select((o) => o.fn.countAll().as('n'))
        .whereRef('o.store_id', '=', 's.id')
        .as('observations'),
      eb
        .selectFrom('receipts as r')
        .select((r) => r.fn.countAll().as('n'))
        .whereRef('r.store_id', '=', 's.id')
        .as('receipts'),
    ])
    .execute();
  for (const row of rows) {
    expect(Number(row.observation_count ?? 0), row.id).toBe(Number(row.observations));
    expect(Number(row.receipt_count ?? 0), row.id).toBe(Number(row.receipts));
  }
  const orphans = await t.app.db
    .selectFrom('store_totals')
    .select('store_id')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('store_locations').select('id').whereRef('store_locations.id', '=', 'store_totals.store_id'))),
    )
    .execute();
  expect(orphans).toEqual([]);
}

async function receiptCounts(): Promise<Record<string, number>> {
  const res = await callRoute(t.app, adminManageApi.stores, { query: { q: tag }, headers: asUser(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(ZAdminStores.parse(res.json()).locations.map((l) => [l.name, l.receipt_count]));
}

describe('store totals kept by the database', () => {
  it('count receipts and prices as they are added, moved, cleared and deleted', async () => {
    const north = storeIds.get('North')!;
    const south = storeIds.get('South')!;
    const receipts = [await insertReceipt(north), await insertReceipt(north), await insertReceipt(north), await insertReceipt(null)];
    await insertReceipt(south);
    expect(await receiptCounts()).toEqual({ North: 3, South: 1 });
    await compareWithRecount();

    await t.app.db.updateTable('receipts').set({ store_id: south }).where('id', '=', receipts[0]!).execute();
    await t.app.db.updateTable('receipts').set({ store_id: null }).where('id', '=', receipts[1]!).execute();
    await t.app.db.updateTable('receipts').set({ store_id: north }).where('id', '=', receipts[3]!).execute();
    await t.app.db.updateTable('receipts').set({ total_cents: 5 }).where('id', '=', receipts[2]!).execute();
    await t.app.db.deleteFrom('receipts').where('id', '=', receipts[2]!).execute();
    expect(await receiptCounts()).toEqual({ North: 1, South: 2 });
    await t.app.db.updateTable('price_observations').set({ store_id: south }).where('store_id', '=', north).execute();
    await compareWithRecount();
  });

  it('drop a deleted store and follow its cascades', async () => {
    const south = storeIds.get('South')!;
    await insertReceipt(south);
    await t.app.db.deleteFrom('store_locations').where('id', '=', south).execute();
    expect(await receiptCounts()).toEqual({ North: 1 });
    await compareWithRecount();
    const products = await t.app.db.selectFrom('products').select('id').execute();
    await t.app.db.deleteFrom('products').where('id', '=', products[0]!.id).execute();
    await compareWithRecount();
  });

  it('are filled from the receipts and prices already there when the migration runs on an existing install', async () => {
    const db = t.app.db;
    if (t.app.database.kind === 'postgres') {
      for (const fn of [
        'store_totals_price_observations',
        'store_totals_receipts',
        'store_totals_store_delete',
        'store_totals_add_observations',
        'store_totals_remove_observations',
      ])
        await sql`DROP FUNCTION ${sql.id(fn)}() CASCADE`.execute(db);
    } else {
      for (const table of ['price_observations', 'receipts'])
        for (const op of ['insert', 'delete', 'update']) await sql`DROP TRIGGER ${sql.id(`store_totals_${table}_${op}`)}`.execute(db);
      await sql`DROP TRIGGER store_totals_store_delete`.execute(db);
    }
    await sql`DROP TABLE store_totals`.execute(db);
    await sql`DELETE FROM kysely_migration WHERE name = '20261128T1430-store-totals'`.execute(db);
    const north = storeIds.get('North')!;
    await insertReceipt(north);
    await insertReceipt(north);

    expect(await migrateToLatest(t.app.database, { allowUnorderedMigrations: true })).toEqual(['20261128T1430-store-totals']);
    await compareWithRecount();
    expect((await receiptCounts()).North).toBe(3);
  });
});
