import type { TReceiptSaving, TSavingsLedger, TSavingsLedgerQuery, TSavingsPeriod } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { listReceiptSavings } from '../receipts';
import { listFinishedTrips } from '../splitcart';
import { addMonthsIso, getMonthStartIso, getYearStartIso, toIsoDay } from '@cartwise/contracts';

/** [start, end) of a UTC calendar period as yyyy-mm-dd. */
export interface Period {
  start: string;
  end: string;
}

/** This UTC month and this UTC year, each as [start, end). */
export function getSavingsPeriods(now: Date): { month: Period; year: Period } {
  const today = toIsoDay(now);
  const month = getMonthStartIso(today);
  const year = getYearStartIso(today);
  return {
    month: { start: month, end: addMonthsIso(month, 1) },
    year: { start: year, end: addMonthsIso(year, 12) },
  };
}

/** What receipts and finished split-cart trips saved in one period, with its trip count. */
export function toSavingsPeriod(receipts: TReceiptSaving[], splitCart: { savingsCents: number; plans: number }): TSavingsPeriod {
  const dealsCents = receipts.reduce((sum, receipt) => sum + receipt.savingsCents, 0);
  return {
    deals_cents: dealsCents,
    split_cart_cents: splitCart.savingsCents,
    total_cents: dealsCents + splitCart.savingsCents,
    plans_used: splitCart.plans,
  };
}

/** GET /api/savings: every trip and receipt behind the dashboard's figure for this month or this year. */
export async function buildSavingsLedger(
  app: Deps<'db'>,
  userId: string,
  query: TSavingsLedgerQuery,
  now = new Date(),
): Promise<TSavingsLedger> {
  const period = getSavingsPeriods(now)[query.period];
  const [receipts, trips] = await Promise.all([
    listReceiptSavings(app.db, userId, period.start, period.end),
    listFinishedTrips(app, userId, period.start, period.end),
  ]);
  const splitCart = { savingsCents: trips.reduce((sum, trip) => sum + trip.savingsCents, 0), plans: trips.length };
  return { period: query.period, from: period.start, to: period.end, totals: toSavingsPeriod(receipts, splitCart), trips, receipts };
}
