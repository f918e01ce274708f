import type { TPriceObservation } from '@cartwise/contracts';
import { getSeriesStyle, type SeriesStyle } from './chart-style';
import { addDaysIso, countDaysBetween, toIsoDay } from '@cartwise/contracts';

export interface PriceSeries extends SeriesStyle {
  storeId: string;
  storeName: string;
  /** Observation count, for the legend and the text alternative. */
  count: number;
  lowest: number;
  latest: { date: string; price: number };
}

/** One row per day: the day as a UTC-noon timestamp plus each store's price that day, keyed by store id. */
export type PriceRow = { t: number; day: string } & Record<string, number | string | boolean | undefined>;

export interface PriceChartData {
  series: PriceSeries[];
  rows: PriceRow[];
  /** Timestamps of the first and last day, for the time axis domain. */
  domain: [number, number];
  spanDays: number;
}

/** "2026-11-24" -> UTC noon of that day, so every time zone reads it as the same calendar day. */
export function toDayTimestamp(day: string): number {
  return Date.parse(`${day}T12:00:00Z`);
}

/** The inverse of toDayTimestamp: a timestamp back to its yyyy-mm-dd calendar day. */
export function toDay(timestamp: number): string {
  return toIsoDay(timestamp);
}

/**
 * Observations (any order) shaped for a line chart: stores in order of first appearance, each with its
 * own colour and pattern; one row per day with each store's price. Two prices at one store on one day
 * keep the lower, which is what the shopper could have paid. A deal price is flagged per store and day.
 */
export function shapePriceHistory(observations: TPriceObservation[]): PriceChartData {
  const sorted = [...observations].sort((a, b) => a.date.localeCompare(b.date));
  const series = new Map<string, PriceSeries>();
  const rows = new Map<string, PriceRow>();
  for (const o of sorted) {
    let entry = series.get(o.storeId);
    if (!entry) {
      entry = {
        ...getSeriesStyle(series.size),
        storeId: o.storeId,
        storeName: o.storeName,
        count: 0,
        lowest: o.unitPrice,
        latest: { date: o.date, price: o.unitPrice },
      };
      series.set(o.storeId, entry);
    }
    entry.count += 1;
    entry.lowest = Math.min(entry.lowest, o.unitPrice);
    entry.latest = { date: o.date, price: o.unitPrice };
    let row = rows.get(o.date);
    if (!row) {
      row = { t: toDayTimestamp(o.date), day: o.date };
      rows.set(o.date, row);
    }
    const previous = row[o.storeId];
    if (typeof previous !== 'number' || o.unitPrice < previous) {
      row[o.storeId] = o.unitPrice;
      row[`${o.storeId}:deal`] = o.isDeal;
    }
  }
  const list = [...rows.values()];
  const first = list[0]?.t ?? 0;
  const last = list[list.length - 1]?.t ?? first;
  return { series: [...series.values()], rows: list, domain: [first, last], spanDays: countDaysBetween(toDay(first), toDay(last)) };
}

/** Evenly spaced day ticks across the domain (Recharts' own ticks on a time axis fall on odd hours). */
export function getDayTicks(domain: [number, number], count: number): number[] {
  const [first, last] = domain;
  if (last <= first || count < 2) return [first];
  const firstDay = toDay(first);
  const days = countDaysBetween(firstDay, toDay(last));
  const steps = Math.min(count - 1, days);
  const ticks = Array.from({ length: steps + 1 }, (_, i) => toDayTimestamp(addDaysIso(firstDay, Math.round((days * i) / steps))));
  return [...new Set(ticks)];
}
