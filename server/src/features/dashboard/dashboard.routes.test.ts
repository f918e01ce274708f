import { describe, expect, it } from 'vitest';
import { ZDashboard, addDaysIso, getTodayIso, dashboardApi, listsApi, pantryApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { createId, nowIso } from '../../db/ids';
import { getMonthBounds } from './dashboard.service';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();

async function insertReceipt(user: TestUser, storeName: string, purchasedOn: string | null, totalCents: number): Promise<string> {
  const id = createId();
  const now = nowIso();
  await t.app.db
    .insertInto('receipts')
    .values({
      id,
      user_id: user.id,
      store_name: storeName,
      purchased_on: purchasedOn,
      total_cents: totalCents,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

async function insertDiscountedLine(receiptId: string, discountCents: number): Promise<void> {
  await t.app.db
    .insertInto('receipt_items')
    .values({
      id: createId(),
      receipt_id: receiptId,
      name: 'MILK',
      price_cents: 400,
      discount_cents: discountCents,
      product_id: null,
      unit: null,
      unit_price_cents: null,
      category: null,
      created_at: nowIso(),
    })
    .execute();
}

async function insertDeal(status: string, endsOn: string | null): Promise<void> {
  const now = nowIso();
  await t.app.db
    .insertInto('deals')
    .values({
      id: createId(),
      title: `Deal ${status} ${endsOn}`,
      sale_price_cents: 199,
      status,
      ends_on: endsOn,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

describe('dashboard', () => {
  it('sums this month, shows the last 5 receipts, active deals and lists with counts', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const today = getTodayIso();
    const { start } = getMonthBounds(new Date());
    const lastMonth = addDaysIso(start, -1);
    const nextMonth = getMonthBounds(new Date()).end;
    await insertReceipt(user, 'FreshMart', start, 1250);
    await insertReceipt(user, 'ValueGrocer', today, 3000);
    await insertReceipt(user, 'FreshMart', lastMonth, 9999);
    await insertReceipt(user, 'Corner shop', nextMonth, 111);
    await insertReceipt(user, 'Undated', null, 500);
    await insertReceipt(user, 'Sixth', '2020-01-01', 1);
    await insertReceipt(other, 'FreshMart', today, 77_700);

    const yesterday = addDaysIso(getTodayIso(), -1);
    await insertDeal('approved', null);
    await insertDeal('approved', today);
    await insertDeal('approved', yesterday);
    await insertDeal('pending', null);
    const before = ZDashboard.parse((await callRoute(t.app, dashboardApi.get, { headers: asUser(user) })).json());

    const list = await callRoute(t.app, listsApi.create, { headers: asUser(user), body: { name: 'Weekly' } });
    await callRoute(t.app, listsApi.addItem, { params: { id: list.json().id }, headers: asUser(user), body: { name: 'Milk' } });

    const res = await callRoute(t.app, dashboardApi.get, { headers: asUser(user) });
    expect(res.statusCode).toBe(200);
    const dashboard = ZDashboard.parse(res.json());
    expect(dashboard.month).toBe(today.slice(0, 7));
    expect(dashboard.spend_this_month_cents).toBe(4250);
    expect(dashboard.receipts_this_month).toBe(2);
    expect(dashboard.recent_receipts).toHaveLength(5);
    expect(dashboard.recent_receipts.map((r) => r.store_name)).not.toContain('Sixth');
    expect(dashboard.recent_receipts.every((r) => r.total_cents !== 77_700)).toBe(true);
    expect(dashboard.active_deals_count).toBe(2);
    expect(before.lists).toEqual([]);
    expect(dashboard.lists).toEqual([expect.objectContaining({ name: 'Weekly', item_count: 1, checked_count: 0 })]);
  });

  it('is empty for a new shopper and 401 when signed out', async () => {
    const user = await createUser(t.app);
    const dashboard = ZDashboard.parse((await callRoute(t.app, dashboardApi.get, { headers: asUser(user) })).json());
    expect(dashboard).toMatchObject({
      spend_this_month_cents: 0,
      receipts_this_month: 0,
      recent_receipts: [],
      lists: [],
      pantry_expiring_count: 0,
    });
    expect((await callRoute(t.app, dashboardApi.get)).statusCode).toBe(401);
  });

  it('leads with money saved on deals this month and this year, not counting last year', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const { start } = getMonthBounds(new Date());
    const year = Number(start.slice(0, 4));
    await insertDiscountedLine(await insertReceipt(user, 'FreshMart', start, 400), 150);
    await insertDiscountedLine(await insertReceipt(user, 'FreshMart', `${year - 1}-12-31`, 400), 999);
    await insertDiscountedLine(await insertReceipt(other, 'FreshMart', start, 400), 77);
    // Earlier this year (unless this is January, when the month and the year start together).
    const isJanuary = start.endsWith('-01-01');
    if (!isJanuary) await insertDiscountedLine(await insertReceipt(user, 'FreshMart', `${year}-01-01`, 400), 25);

    const { savings } = ZDashboard.parse((await callRoute(t.app, dashboardApi.get, { headers: asUser(user) })).json());
    expect(savings.month).toEqual({ deals_cents: 150, split_cart_cents: 0, total_cents: 150, plans_used: 0 });
    expect(savings.year).toEqual({
      deals_cents: isJanuary ? 150 : 175,
      split_cart_cents: 0,
      total_cents: isJanuary ? 150 : 175,
      plans_used: 0,
    });
  });

  it('counts finished split-cart trips in the month and the year they were used, and no unfinished one', async () => {
    const user = await createUser(t.app);
    const { start } = getMonthBounds(new Date());
    const year = Number(start.slice(0, 4));
    const isJanuary = start.endsWith('-01-01');
    const insertTrip = (usedOn: string, savingsCents: number, isFinished = true) =>
      t.app.db
        .insertInto('split_cart_plans')
        .values({
          id: createId(),
          user_id: user.id,
          list_id: null,
          list_name: 'Weekly',
          plan_total_cents: 1000,
          usual_store_id: null,
          usual_store_name: null,
          usual_total_cents: 1000 + savingsCents,
          savings_cents: savingsCents,
          used_on: usedOn,
          created_at: nowIso(),
          lines_json: null,
          best_single_trip_cents: null,
          savings_cap_cents: null,
          finished_at: isFinished ? nowIso() : null,
          spent_cents: null,
          bought_count: null,
          bought_json: null,
        })
        .execute();
    await insertTrip(start, 300);
    await insertTrip(start, 40, false);
    await insertTrip(`${year - 1}-12-31`, 900);
    if (!isJanuary) await insertTrip(`${year}-01-01`, 70);

    const { savings } = ZDashboard.parse((await callRoute(t.app, dashboardApi.get, { headers: asUser(user) })).json());
    expect(savings.month).toEqual({ deals_cents: 0, split_cart_cents: 300, total_cents: 300, plans_used: 1 });
    expect(savings.year).toEqual(
      isJanuary
        ? { deals_cents: 0, split_cart_cents: 300, total_cents: 300, plans_used: 1 }
        : { deals_cents: 0, split_cart_cents: 370, total_cents: 370, plans_used: 2 },
    );
  });

  it('counts pantry items expiring within 3 days', async () => {
    const user = await createUser(t.app);
    const inDays = (days: number) => addDaysIso(getTodayIso(), days);
    for (const [name, expires] of [
      ['Milk', inDays(1)],
      ['Cheese', inDays(3)],
      ['Rice', inDays(30)],
      ['Salt', null],
    ] as const) {
      await callRoute(t.app, pantryApi.create, { headers: asUser(user), body: { name, qty: 1, expires_on: expires } });
    }
    const dashboard = ZDashboard.parse((await callRoute(t.app, dashboardApi.get, { headers: asUser(user) })).json());
    expect(dashboard.pantry_expiring_count).toBe(2);
  });
});
