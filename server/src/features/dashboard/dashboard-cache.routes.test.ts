import { beforeAll, describe, expect, it } from 'vitest';
import { ZDashboard, dashboardApi } from '@cartwise/contracts';
import { createId, nowIso } from '../../db/ids';
import { countQueries } from '../../test/query-counter';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { getMonthBounds } from './dashboard.service';
import { callRoute } from '../../test/call-route';

// The dashboard is cached per shopper; what it shows of shared data (deals) must still show at once.
const t = registerTestApp();
let shopper: TestUser;
let dealId: string;

beforeAll(async () => {
  shopper = await createUser(t.app);
  const now = nowIso();
  const { start } = getMonthBounds(new Date());
  const storeId = createId();
  const productId = createId();
  const receiptId = createId();
  await t.app.db
    .insertInto('store_locations')
    .values({ id: storeId, chain_id: null, name: 'Corner', created_by: null, created_at: now, seller_id: null, phone: null })
    .execute();
  await t.app.db
    .insertInto('products')
    .values({ id: productId, name: 'Coffee', brand: null, category: null, size_value: null, size_unit: null, created_at: now })
    .execute();
  await t.app.db
    .insertInto('receipts')
    .values({
      id: receiptId,
      user_id: shopper.id,
      store_id: storeId,
      store_name: 'Corner',
      purchased_on: start,
      total_cents: 300,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.app.db
    .insertInto('receipt_items')
    .values({
      id: createId(),
      receipt_id: receiptId,
      name: 'COFFEE',
      price_cents: 300,
      discount_cents: 0,
      product_id: productId,
      unit: null,
      unit_price_cents: null,
      category: null,
      created_at: now,
    })
    .execute();
  // Submitted by someone else, waiting for an operator: not counted yet.
  dealId = createId();
  await t.app.db
    .insertInto('deals')
    .values({
      id: dealId,
      title: 'Coffee 3.00',
      sale_price_cents: 300,
      original_price_cents: 500,
      store_id: storeId,
      product_id: productId,
      starts_on: start,
      ends_on: null,
      status: 'pending',
      created_at: now,
      updated_at: now,
    })
    .execute();
});

const readDashboard = async () => ZDashboard.parse((await callRoute(t.app, dashboardApi.get, { headers: asUser(shopper) })).json());

describe('the cached dashboard', () => {
  it('shows a deal approved after the shopper bought at its price without them writing anything', async () => {
    const before = await readDashboard();
    expect(before.savings.month.deals_cents).toBe(0);
    expect(before.active_deals_count).toBe(0);
    expect((await readDashboard()).savings.month.deals_cents).toBe(0);

    await t.app.db.updateTable('deals').set({ status: 'approved', moderated_at: nowIso() }).where('id', '=', dealId).execute();
    const after = await readDashboard();
    expect(after.savings.month.deals_cents).toBe(200);
    expect(after.active_deals_count).toBe(1);
  });

  it('answers a repeat visit with one read of the versions', async () => {
    await readDashboard();
    const count = await countQueries(t.app.db, readDashboard);
    // SQLite answers the precompiled read beside Kysely's executor, so there it counts none.
    expect(count.queries, count.sql.join('\n')).toBeLessThanOrEqual(1);
    expect(count.roundTrips).toBeLessThanOrEqual(1);
  });

  it('rebuilds after a write with one read of the versions and one statement for the whole board', async () => {
    await readDashboard();
    await t.app.db.updateTable('receipts').set({ total_cents: 450 }).where('user_id', '=', shopper.id).execute();
    let board: ReturnType<typeof ZDashboard.parse> | undefined;
    const count = await countQueries(t.app.db, async () => {
      board = await readDashboard();
    });
    expect(board?.spend_this_month_cents).toBe(450);
    expect(board?.recent_receipts.map((receipt) => receipt.total_cents)).toEqual([450]);
    // Each statement PostgreSQL answers costs its own parse, bind, execute and socket writes (json-rows.ts).
    expect(count.queries, count.sql.join('\n')).toBeLessThanOrEqual(2);
    expect(count.roundTrips).toBeLessThanOrEqual(2);
  });
});
