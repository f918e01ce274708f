import { describe, expect, it } from 'vitest';
import { listRecentMonths, ZSpendAnalytics, getTodayIso, analyticsApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { createId, nowIso } from '../../db/ids';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();

async function insertReceipt(user: TestUser, storeName: string, purchasedOn: string | null, totalCents: number): Promise<void> {
  const now = nowIso();
  await t.app.db
    .insertInto('receipts')
    .values({
      id: createId(),
      user_id: user.id,
      store_name: storeName,
      purchased_on: purchasedOn,
      total_cents: totalCents,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

describe('spend analytics', () => {
  it('groups the shopper’s spend by month (zero-filled) and by store', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const months = listRecentMonths(getTodayIso(), 12);
    const thisMonth = months[11]!;
    const twoAgo = months[9]!;
    await insertReceipt(user, 'FreshMart', `${thisMonth}-01`, 1000);
    await insertReceipt(user, 'FreshMart', `${thisMonth}-02`, 2500);
    await insertReceipt(user, 'ValueGrocer', `${twoAgo}-15`, 4000);
    await insertReceipt(user, '', `${twoAgo}-16`, 300);
    await insertReceipt(user, 'Ancient', '2001-01-01', 99_999);
    await insertReceipt(user, 'No date', null, 5000);
    await insertReceipt(other, 'FreshMart', `${thisMonth}-01`, 123_456);

    const res = await callRoute(t.app, analyticsApi.spend, { query: { months: '12' }, headers: asUser(user) });
    expect(res.statusCode).toBe(200);
    const spend = ZSpendAnalytics.parse(res.json());
    expect(spend.byMonth).toHaveLength(12);
    expect(spend.byMonth.map((m) => m.month)).toEqual(months);
    expect(spend.byMonth[11]).toEqual({ month: thisMonth, total_cents: 3500 });
    expect(spend.byMonth[9]).toEqual({ month: twoAgo, total_cents: 4300 });
    expect(spend.byMonth[10]!.total_cents).toBe(0);
    expect(spend.byStore).toEqual([
      { store_name: 'ValueGrocer', total_cents: 4000, receipts: 1 },
      { store_name: 'FreshMart', total_cents: 3500, receipts: 2 },
      { store_name: 'Unknown store', total_cents: 300, receipts: 1 },
    ]);

    const short = ZSpendAnalytics.parse(
      (await callRoute(t.app, analyticsApi.spend, { query: { months: '1' }, headers: asUser(user) })).json(),
    );
    expect(short.byMonth).toEqual([{ month: thisMonth, total_cents: 3500 }]);
    expect(short.byStore).toEqual([{ store_name: 'FreshMart', total_cents: 3500, receipts: 2 }]);
  });

  it('defaults to 12 months, rejects bad windows with 400 and anonymous callers with 401', async () => {
    const user = await createUser(t.app);
    const spend = ZSpendAnalytics.parse((await callRoute(t.app, analyticsApi.spend, { headers: asUser(user) })).json());
    expect(spend.byMonth).toHaveLength(12);
    expect(spend.byStore).toEqual([]);
    for (const months of ['0', '37', 'abc', '1.5']) {
      const res = await callRoute(t.app, analyticsApi.spend, { query: { months }, headers: asUser(user) });
      expect(res.statusCode, months).toBe(400);
    }
    expect((await callRoute(t.app, analyticsApi.spend)).statusCode).toBe(401);
  });
});
