import type { App } from '../../app';
import { getSettingValue } from '../admin/admin-config.service';

const DEFAULT_STALE_DAYS = 30;

/** Prices older than the operator's `stale_price_days` setting are flagged (and can be left out of plans). */
export async function getStaleDays(app: App): Promise<number> {
  const value = Number(await getSettingValue(app, 'stale_price_days'));
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_STALE_DAYS;
}

/** yyyy-mm-dd of `days` days before `date` (UTC). */
export function subtractDays(date: Date, days: number): string {
  return new Date(date.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days between two yyyy-mm-dd dates. */
export function countDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
