import type { TSavingsPeriod } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { getCategorySpend } from '../receipts';
import { sumSplitCartSavings } from '../splitcart';

/** [start, end) of a UTC calendar period as yyyy-mm-dd. */
export interface Period {
  start: string;
  end: string;
}

function toIsoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** This UTC month and this UTC year, each as [start, end). */
export function getSavingsPeriods(now: Date): { month: Period; year: Period } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    month: { start: toIsoDay(new Date(Date.UTC(year, month, 1))), end: toIsoDay(new Date(Date.UTC(year, month + 1, 1))) },
    year: { start: `${year}-01-01`, end: `${year + 1}-01-01` },
  };
}

function lastDayBefore(end: string): string {
  const date = new Date(`${end}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return toIsoDay(date);
}

/**
 * Money saved over a period: what receipt discounts and deal prices saved (the figure Analytics shows as
 * "Saved on deals") plus what the split-cart plans the shopper used saved against their usual store.
 */
export async function sumSavings(app: Deps<'db'>, userId: string, period: Period): Promise<TSavingsPeriod> {
  const [deals, splitCart] = await Promise.all([
    getCategorySpend(app.db, userId, period.start, lastDayBefore(period.end)),
    sumSplitCartSavings(app, userId, period.start, period.end),
  ]);
  const dealsCents = Math.max(0, Math.round(deals.savedOnDeals.total * 100));
  return {
    deals_cents: dealsCents,
    split_cart_cents: splitCart.savingsCents,
    total_cents: dealsCents + splitCart.savingsCents,
    plans_used: splitCart.plans,
  };
}
