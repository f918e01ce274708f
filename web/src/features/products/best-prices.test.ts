import { describe, expect, it } from 'vitest';
import type { TPriceObservation } from '@cartwise/contracts';
import { pickBestRecentPrices } from './best-prices';

function buildPrice(
  id: string,
  date: string,
  unitPrice: number,
  comparable: TPriceObservation['comparablePrice'] = null,
): TPriceObservation {
  return {
    id,
    storeId: 's',
    storeName: 'Store',
    date,
    unitPrice,
    isDeal: false,
    source: 'receipt',
    currency: 'USD',
    kind: 'regular',
    comparablePrice: comparable,
  };
}

describe('pickBestRecentPrices', () => {
  it('keeps the cheapest few of the last 90 days, cheapest first and newest first on a tie', () => {
    const rows = [
      buildPrice('old-cheap', '2026-01-02', 0.5),
      buildPrice('a', '2026-10-01', 3.2),
      buildPrice('b', '2026-11-01', 2.1),
      buildPrice('c', '2026-11-10', 2.1),
      buildPrice('d', '2026-11-20', 4),
      buildPrice('e', '2026-09-15', 1.9),
    ];
    expect(pickBestRecentPrices(rows, '2026-11-26', 3).map((row) => row.id)).toEqual(['e', 'c', 'b']);
  });

  it('compares pack sizes by their price per unit when both lines have one', () => {
    const rows = [
      buildPrice('small', '2026-11-01', 2, { amount: 0.8, per: '100 g' }),
      buildPrice('big', '2026-11-02', 3, { amount: 0.6, per: '100 g' }),
    ];
    expect(pickBestRecentPrices(rows, '2026-11-26').map((row) => row.id)).toEqual(['big', 'small']);
  });

  it('falls back to every price when none is recent', () => {
    const rows = [buildPrice('x', '2025-01-01', 3), buildPrice('y', '2025-02-01', 1)];
    expect(pickBestRecentPrices(rows, '2026-11-26').map((row) => row.id)).toEqual(['y', 'x']);
  });
});
