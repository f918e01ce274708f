import type { Deps } from '../../app-types';
import { getIntegerSetting } from '../../platform/operator-settings';

/** Prices older than the operator's `stale_price_days` setting are flagged (and can be left out of plans). */
export function getStaleDays(app: Deps<'db'>): Promise<number> {
  return getIntegerSetting(app, 'stale_price_days');
}

/** yyyy-mm-dd of `days` days before `date` (UTC). */
export function subtractDays(date: Date, days: number): string {
  return new Date(date.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days between two yyyy-mm-dd dates. */
export function countDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
