import type { TReceiptSaving, TSavingsLedger, TSavingsLedgerQuery, TSavingsPeriod } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { listReceiptSavings } from '../receipts';
import { listFinishedTrips, sumSplitCartSavings } from '../splitcart';
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

function toSavingsPeriod(receipts: TReceiptSaving[], splitCart: { savingsCents: number; plans: number }): TSavingsPeriod {
  const dealsCents = receipts.reduce((sum, receipt) => sum + receipt.savingsCents, 0);
  return {
    deals_cents: dealsCents,
    split_cart_cents: splitCart.savingsCents,
    total_cents: dealsCents + splitCart.savingsCents,
    plans_used: splitCart.plans,
  };
}

/**
 * Money saved this month and this year: what receipt discounts and deal prices saved (each receipt to the cent) plus
 * what the split-cart trips the shopper finished proved against the plan's best single store. The month lies in the
 * year, so the year's receipts are read once and the month's picked from them; both periods' trips are one statement.
 */
export async function sumSavings(
  app: Deps<'db'>,
  userId: string,
  periods: { month: Period; year: Period },
): Promise<{ month: TSavingsPeriod; year: TSavingsPeriod }> {
  const [receipts, [monthTrips, yearTrips]] = await Promise.all([
    listReceiptSavings(app.db, userId, periods.year.start, periods.year.end),
    sumSplitCartSavings(app, userId, [periods.month, periods.year]),
  ]);
  const isInMonth = (receipt: TReceiptSaving) => receipt.purchasedOn >= periods.month.start && receipt.purchasedOn < periods.month.end;
  return {
    month: toSavingsPeriod(receipts.filter(isInMonth), monthTrips!),
    year: toSavingsPeriod(receipts, yearTrips!),
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
