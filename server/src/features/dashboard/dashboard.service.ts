import type { TDashboard, TDashboardReceipt, TReceiptSaving } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { readJsonColumn, jsonRowsFrom } from '../../db/json-rows';
import { cachePerUser } from '../../db/per-user-cache';
import { precompile } from '../../db/precompiled-query';
import { selectListCounts, toListCounts } from '../lists';
import { selectPantryExpiringCount } from '../pantry';
import { selectReceiptSavings, toReceiptSavings } from '../receipts';
import { selectReceiptedTripStores, selectSplitCartSavings, selectTripsFinishedIn, sumTripSpend, toSplitCartSavings } from '../splitcart';
import { PANTRY_EXPIRY_WARNING_DAYS, addDaysIso, addMonthsIso, getMonthStartIso, toIsoDay } from '@cartwise/contracts';
import { getSavingsPeriods, toSavingsPeriod } from './dashboard-savings';

const RECENT_RECEIPTS = 5;
const DASHBOARD_LISTS = 6;

/** First day of the month of `date` and first day of the following month (UTC), as yyyy-mm-dd. */
export function getMonthBounds(date: Date): { start: string; end: string } {
  const start = getMonthStartIso(toIsoDay(date));
  return { start, end: addMonthsIso(start, 1) };
}

/**
 * Everything the dashboard shows, as one statement: this month's spend and receipts, the running deals, this month's
 * finished trips (for what they spent at stores without a receipt), the recent receipts, the first lists, the pantry
 * items expiring soon, and this year's receipt and split-cart savings. On PostgreSQL each statement costs a parse,
 * bind, execute and socket writes on both sides, more than these small reads take to run, so the row sets come back
 * as JSON columns (json-rows.ts); compiled once (precompiled-query.ts).
 */
const selectDashboardFigures = precompile(
  (
    db,
    p: {
      userId: string;
      monthStart: string;
      monthEnd: string;
      yearStart: string;
      yearEnd: string;
      today: string;
      expiryDay: string;
      recentLimit: number;
      listLimit: number;
    },
  ) => {
    const monthReceipts = db
      .selectFrom('receipts')
      .where('user_id', '=', p.userId)
      .where('purchased_on', '>=', p.monthStart)
      .where('purchased_on', '<', p.monthEnd);
    const month = { start: p.monthStart, end: p.monthEnd };
    const year = { start: p.yearStart, end: p.yearEnd };
    return db.selectNoFrom((eb) => [
      monthReceipts.select((r) => r.fn.sum<number | string | null>('total_cents').as('v')).as('spend_total'),
      monthReceipts.select((r) => r.fn.countAll<number | string>().as('v')).as('spend_count'),
      eb
        .selectFrom('deals')
        .select((d) => d.fn.countAll<number | string>().as('v'))
        .where('status', '=', 'approved')
        .where((d) => d.or([d('ends_on', 'is', null), d('ends_on', '>=', p.today)]))
        .as('active_deals'),
      jsonRowsFrom(db, selectTripsFinishedIn(db, p.userId, p.monthStart, p.monthEnd)).as('trips'),
      jsonRowsFrom(db, selectReceiptedTripStores(db, p.userId, p.monthStart, p.monthEnd)).as('trip_stores'),
      jsonRowsFrom(
        db,
        db
          .selectFrom('receipts')
          .select(['id', 'store_name', 'purchased_on', 'total_cents'])
          // Receipts without a purchase date fall back to when they were added, so they still sort sensibly.
          .orderBy((o) => o.fn.coalesce('purchased_on', 'created_at'), 'desc')
          .orderBy('created_at', 'desc')
          .where('user_id', '=', p.userId)
          .limit(p.recentLimit),
      ).as('recent'),
      jsonRowsFrom(db, selectListCounts(db, p.userId).limit(p.listLimit)).as('lists'),
      selectPantryExpiringCount(db, p.userId, p.expiryDay).as('pantry_expiring'),
      jsonRowsFrom(db, selectReceiptSavings(db, p.userId, p.yearStart, p.yearEnd)).as('receipt_savings'),
      // The month lies in the year: both periods' trips are read over the year's rows.
      jsonRowsFrom(db, selectSplitCartSavings(db, p.userId, [month, year], year)).as('split_cart'),
    ]);
  },
);

function toRecentReceipt(row: {
  id: string;
  store_name: string | null;
  purchased_on: string | null;
  total_cents: number | string;
}): TDashboardReceipt {
  return { id: row.id, store_name: row.store_name ?? '', purchased_on: row.purchased_on, total_cents: Number(row.total_cents) };
}

async function readDashboardFigures(app: Deps<'db'>, userId: string, now: Date): Promise<TDashboard> {
  const today = toIsoDay(now);
  const { month, year } = getSavingsPeriods(now);
  const [row] = await selectDashboardFigures(app.db, {
    userId,
    monthStart: month.start,
    monthEnd: month.end,
    yearStart: year.start,
    yearEnd: year.end,
    today,
    expiryDay: addDaysIso(today, PANTRY_EXPIRY_WARNING_DAYS),
    recentLimit: RECENT_RECEIPTS,
    listLimit: DASHBOARD_LISTS,
  });
  if (!row) throw new Error('dashboard figures: no row');
  const tripSpend = sumTripSpend(readJsonColumn(row.trips, []), readJsonColumn(row.trip_stores, []));
  const receipts = toReceiptSavings(readJsonColumn(row.receipt_savings, []), year.start);
  const [monthTrips, yearTrips] = toSplitCartSavings(readJsonColumn(row.split_cart, [])[0], 2);
  const isInMonth = (receipt: TReceiptSaving) => receipt.purchasedOn >= month.start && receipt.purchasedOn < month.end;
  return {
    month: today.slice(0, 7),
    spend_this_month_cents: Number(row.spend_total ?? 0) + tripSpend,
    receipts_this_month: Number(row.spend_count ?? 0),
    recent_receipts: readJsonColumn(row.recent, []).map(toRecentReceipt),
    lists: readJsonColumn(row.lists, []).map(toListCounts),
    pantry_expiring_count: Number(row.pantry_expiring ?? 0),
    savings: {
      month: toSavingsPeriod(receipts.filter(isInMonth), monthTrips!),
      year: toSavingsPeriod(receipts, yearTrips!),
    },
    active_deals_count: Number(row.active_deals ?? 0),
  };
}

/**
 * The shopper's dashboard on `today`, remembered until their data changes, the deals or stores change (the savings
 * count deal prices, the board's count the approved deals), or the day does: a repeat visit is one read of the
 * versions, or none while no write can have moved them (db/cache-trust.ts).
 */
const readDashboard = cachePerUser(readDashboardFigures, (now) => toIsoDay(now), { tables: ['deals', 'store_locations', 'store_chains'] });

export function buildDashboard(app: Deps<'db'>, userId: string, now = new Date()): Promise<TDashboard> {
  return readDashboard(app, userId, now);
}
