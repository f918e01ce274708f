import { sql } from 'kysely';
import { listRecentMonths, type TSpendAnalytics, toIsoDay } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { cachePerUser } from '../../db/per-user-cache';

export const UNKNOWN_STORE = 'Unknown store';

/**
 * The spend page, remembered per user like the dashboard: it reads only the user's receipts, which raise their data
 * version, and is built again when the day (so the window) or the number of months changes.
 */
export const getCachedSpendAnalytics = cachePerUser(
  (app: Deps<'db'>, userId: string, months: number, today: string) =>
    getSpendAnalytics(app, userId, months, new Date(`${today}T12:00:00Z`)),
  (months, today) => `${months}/${today}`,
);

/** Spend per calendar month (zero-filled, oldest first) and per store over the last `months` months. */
export async function getSpendAnalytics(app: Deps<'db'>, userId: string, months: number, now = new Date()): Promise<TSpendAnalytics> {
  const window = listRecentMonths(toIsoDay(now), months);
  const firstDay = `${window[0]}-01`;
  // substr works the same on SQLite and PostgreSQL; purchased_on is yyyy-mm-dd text.
  const monthExpr = sql<string>`substr(purchased_on, 1, 7)`;
  const inWindow = app.db
    .selectFrom('receipts')
    .where('user_id', '=', userId)
    .where('purchased_on', 'is not', null)
    .where('purchased_on', '>=', firstDay);

  const [monthRows, storeRows] = await Promise.all([
    inWindow
      .select((eb) => [monthExpr.as('month'), eb.fn.sum<number | string | null>('total_cents').as('total')])
      .groupBy(monthExpr)
      .execute(),
    inWindow
      .select((eb) => [
        'store_name',
        eb.fn.sum<number | string | null>('total_cents').as('total'),
        eb.fn.countAll<number | string>().as('count'),
      ])
      .groupBy('store_name')
      .execute(),
  ]);

  const totals = new Map(monthRows.map((row) => [row.month, Number(row.total ?? 0)]));
  const byMonth = window.map((month) => ({ month, total_cents: totals.get(month) ?? 0 }));

  // Receipts without a store name are grouped under one label; merge in case both '' and the label exist.
  const stores = new Map<string, { total_cents: number; receipts: number }>();
  for (const row of storeRows) {
    const name = row.store_name?.trim() || UNKNOWN_STORE;
    const entry = stores.get(name) ?? { total_cents: 0, receipts: 0 };
    entry.total_cents += Number(row.total ?? 0);
    entry.receipts += Number(row.count);
    stores.set(name, entry);
  }
  const byStore = [...stores.entries()]
    .map(([store_name, entry]) => ({ store_name, ...entry }))
    .sort((a, b) => b.total_cents - a.total_cents || a.store_name.localeCompare(b.store_name));
  return { byMonth, byStore };
}
