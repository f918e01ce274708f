import type { TDashboard, TDashboardReceipt } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { cachePerUser } from '../../db/per-user-cache';
import { precompile } from '../../db/precompiled-query';
import { listSummaries } from '../lists';
import { countPantryExpiringBy } from '../pantry';
import { sumTripSpendWithoutReceipts } from '../splitcart';
import { PANTRY_EXPIRY_WARNING_DAYS, addDaysIso, addMonthsIso, getMonthStartIso, toIsoDay } from '@cartwise/contracts';
import { getSavingsPeriods, sumSavings } from './dashboard-savings';

const RECENT_RECEIPTS = 5;
const DASHBOARD_LISTS = 6;

/** First day of the month of `date` and first day of the following month (UTC), as yyyy-mm-dd. */
export function getMonthBounds(date: Date): { start: string; end: string } {
  const start = getMonthStartIso(toIsoDay(date));
  return { start, end: addMonthsIso(start, 1) };
}

// The dashboard's reads run on every visit, so each is compiled once (precompiled-query.ts). This month's spend and
// the running deals are one statement: each statement PostgreSQL answers costs its own parse, plan and round trip.
const selectMonthSpendAndActiveDeals = precompile((db, p: { userId: string; start: string; end: string; today: string }) =>
  db
    .selectFrom('receipts')
    .select((eb) => [
      eb.fn.sum<number | string | null>('total_cents').as('spend_total'),
      eb.fn.countAll<number | string>().as('spend_count'),
      eb
        .selectFrom('deals')
        .select((d) => d.fn.countAll<number | string>().as('count'))
        .where('status', '=', 'approved')
        .where((d) => d.or([d('ends_on', 'is', null), d('ends_on', '>=', p.today)]))
        .as('active_deals'),
    ])
    .where('user_id', '=', p.userId)
    .where('purchased_on', '>=', p.start)
    .where('purchased_on', '<', p.end),
);

const selectRecentReceiptRows = precompile((db, p: { userId: string; limit: number }) =>
  db
    .selectFrom('receipts')
    .select(['id', 'store_name', 'purchased_on', 'total_cents'])
    // Receipts without a purchase date fall back to when they were added, so they still sort sensibly.
    .orderBy((eb) => eb.fn.coalesce('purchased_on', 'created_at'), 'desc')
    .orderBy('created_at', 'desc')
    .where('user_id', '=', p.userId)
    .limit(p.limit),
);

/**
 * This month's spend (its receipts, and what trips finished this month spent at stores no receipt shows) with the
 * receipts' count, and the approved deals still running today (no end date, or ending today or later).
 */
async function readMonthSpendAndActiveDeals(app: Deps<'db'>, userId: string, now: Date) {
  const { start, end } = getMonthBounds(now);
  const [[row], tripSpend] = await Promise.all([
    selectMonthSpendAndActiveDeals(app.db, { userId, start, end, today: toIsoDay(now) }),
    sumTripSpendWithoutReceipts(app, userId, start, end),
  ]);
  return {
    spend: { totalCents: Number(row?.spend_total ?? 0) + tripSpend, count: Number(row?.spend_count ?? 0) },
    activeDeals: Number(row?.active_deals ?? 0),
  };
}

async function selectRecentReceipts(app: Deps<'db'>, userId: string): Promise<TDashboardReceipt[]> {
  const rows = await selectRecentReceiptRows(app.db, { userId, limit: RECENT_RECEIPTS });
  return rows.map((row) => ({
    id: row.id,
    store_name: row.store_name ?? '',
    purchased_on: row.purchased_on,
    total_cents: Number(row.total_cents),
  }));
}

/**
 * The shopper's dashboard on `today`, remembered until their data changes, the deals or stores change (the savings
 * count deal prices, the board's count the approved deals), or the day does: a repeat visit is one read of the
 * versions, or none while no write can have moved them (db/cache-trust.ts).
 */
const readDashboard = cachePerUser(
  async (app: Deps<'db'>, userId: string, now: Date): Promise<TDashboard> => {
    const today = toIsoDay(now);
    const periods = getSavingsPeriods(now);
    const [{ spend, activeDeals }, recent, lists, expiring, saved] = await Promise.all([
      readMonthSpendAndActiveDeals(app, userId, now),
      selectRecentReceipts(app, userId),
      listSummaries(app, userId, DASHBOARD_LISTS),
      countPantryExpiringBy(app, userId, addDaysIso(today, PANTRY_EXPIRY_WARNING_DAYS)),
      sumSavings(app, userId, periods),
    ]);
    return {
      month: today.slice(0, 7),
      spend_this_month_cents: spend.totalCents,
      receipts_this_month: spend.count,
      recent_receipts: recent,
      lists,
      pantry_expiring_count: expiring,
      savings: saved,
      active_deals_count: activeDeals,
    };
  },
  (now) => toIsoDay(now),
  { tables: ['deals', 'store_locations', 'store_chains'] },
);

export function buildDashboard(app: Deps<'db'>, userId: string, now = new Date()): Promise<TDashboard> {
  return readDashboard(app, userId, now);
}
