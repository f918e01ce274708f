import { describe, expect, it } from 'vitest';
import type { TPriceObservation } from '@cartwise/contracts';
import { getChartHeight, getSeriesStyle, getTimeTickCount, getValueTickCount } from './chart-style';
import { getDayTicks, shapePriceHistory, toDay, toDayTimestamp } from './price-series';
import { getLabelInterval, shapeStoreBars, shortenLabel } from './spend-series';

function observation(storeId: string, date: string, unitPrice: number, isDeal = false): TPriceObservation {
  return { id: `${storeId}-${date}-${unitPrice}`, storeId, storeName: `Store ${storeId}`, date, unitPrice, isDeal } as TPriceObservation;
}

describe('shapePriceHistory', () => {
  it('makes one series per store in order of first price and one row per day', () => {
    const data = shapePriceHistory([
      observation('b', '2026-11-03', 2.5),
      observation('a', '2026-11-01', 3),
      observation('a', '2026-11-03', 2.75, true),
    ]);
    expect(data.series.map((s) => s.storeId)).toEqual(['a', 'b']);
    expect(data.rows.map((row) => row.day)).toEqual(['2026-11-01', '2026-11-03']);
    expect(data.rows[1]).toMatchObject({ a: 2.75, 'a:deal': true, b: 2.5, 'b:deal': false });
    expect(data.rows[0]?.b).toBeUndefined();
    expect(data.spanDays).toBe(2);
    expect(data.series[0]).toMatchObject({ count: 2, lowest: 2.75, latest: { date: '2026-11-03', price: 2.75 } });
  });

  it('keeps the lower of two prices at one store on one day', () => {
    const data = shapePriceHistory([observation('a', '2026-11-01', 3), observation('a', '2026-11-01', 2.2, true)]);
    expect(data.rows).toHaveLength(1);
    expect(data.rows[0]).toMatchObject({ a: 2.2, 'a:deal': true });
  });

  it('gives each of eight stores its own colour and a ninth store a dashed line', () => {
    const stores = Array.from({ length: 9 }, (_, i) => observation(`s${i}`, '2026-11-01', 1 + i));
    const series = shapePriceHistory(stores).series;
    const firstEight = series.slice(0, 8);
    expect(new Set(firstEight.map((s) => s.color)).size).toBe(8);
    expect(firstEight.every((s) => s.dash === undefined)).toBe(true);
    expect(series[8]).toMatchObject({ color: 'var(--chart-1)', dash: '8 4' });
    expect(getSeriesStyle(1).marker).not.toBe(getSeriesStyle(0).marker);
  });

  it('reads calendar days as the same day in every time zone', () => {
    expect(toDay(toDayTimestamp('2026-03-29'))).toBe('2026-03-29');
  });
});

describe('axis ticks', () => {
  it('spaces day ticks evenly across the range and never repeats a day', () => {
    const domain: [number, number] = [toDayTimestamp('2026-01-01'), toDayTimestamp('2026-01-31')];
    expect(getDayTicks(domain, 4).map(toDay)).toEqual(['2026-01-01', '2026-01-11', '2026-01-21', '2026-01-31']);
    const short: [number, number] = [toDayTimestamp('2026-01-01'), toDayTimestamp('2026-01-02')];
    expect(getDayTicks(short, 8).map(toDay)).toEqual(['2026-01-01', '2026-01-02']);
    expect(getDayTicks([domain[0], domain[0]], 8)).toEqual([domain[0]]);
  });

  it('shows fewer ticks on a phone than on a desktop', () => {
    expect(getTimeTickCount(358)).toBe(3);
    expect(getTimeTickCount(1100)).toBe(8);
    expect(getValueTickCount(358)).toBeLessThan(getValueTickCount(1100));
    expect(getChartHeight(358)).toBeLessThan(getChartHeight(1100));
  });

  it('skips month labels so at most the tick count is shown', () => {
    expect(getLabelInterval(12, 3)).toBe(3);
    expect(getLabelInterval(12, 8)).toBe(1);
    expect(getLabelInterval(6, 8)).toBe(0);
  });
});

describe('store bars', () => {
  it('gives each store its own colour and names an unnamed store', () => {
    const bars = shapeStoreBars([
      { store_name: 'FreshMart', total_cents: 600, receipts: 2 },
      { store_name: '', total_cents: 100, receipts: 1 },
    ]);
    expect(bars.map((bar) => bar.color)).toEqual(['var(--chart-1)', 'var(--chart-2)']);
    expect(bars[1]?.name).toBe('Unknown store');
    expect(shortenLabel('Neighbourhood Market', 12)).toBe('Neighbourho…');
    expect(shortenLabel('FreshMart', 12)).toBe('FreshMart');
  });
});
