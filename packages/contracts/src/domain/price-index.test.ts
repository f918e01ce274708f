import { describe, expect, it } from 'vitest';
import { chainPriceIndex } from './price-index';

describe('chainPriceIndex', () => {
  it('chains month to month over the products bought in both, weighted by their spend', () => {
    const months = chainPriceIndex([
      // September: milk 2 for 4.00 (2.00 each), bread 3.00.
      { month: '2026-09', productId: 'milk', quantity: 2, paidCents: 400 },
      { month: '2026-09', productId: 'bread', quantity: 1, paidCents: 300 },
      // October: milk 2.20 (x1.1), bread 3.00 (x1.0), eggs only now: (6.20 x 1.1 + 6.00 x 1.0) / 12.20 = 1.05082.
      { month: '2026-10', productId: 'milk', quantity: 1, paidCents: 220 },
      { month: '2026-10', productId: 'bread', quantity: 1, paidCents: 300 },
      { month: '2026-10', productId: 'eggs', quantity: 1, paidCents: 500 },
      // December (no November): milk 2.42 (x1.1) against October: 105.082 x 1.1 = 115.590.
      { month: '2026-12', productId: 'milk', quantity: 1, paidCents: 242 },
    ]);
    expect(months).toEqual([
      { month: '2026-09', index: 100, basketSize: 0 },
      { month: '2026-10', index: 105.1, basketSize: 2 },
      { month: '2026-12', index: 115.6, basketSize: 1 },
    ]);
  });

  it('keeps the index through a month that shares nothing with the one before, and skips free lines', () => {
    const months = chainPriceIndex([
      { month: '2026-01', productId: 'tea', quantity: 1, paidCents: 300 },
      { month: '2026-02', productId: 'soap', quantity: 1, paidCents: 200 },
      { month: '2026-02', productId: 'tea', quantity: 1, paidCents: 0 },
      { month: '2026-03', productId: 'soap', quantity: 2, paidCents: 360 },
    ]);
    expect(months).toEqual([
      { month: '2026-01', index: 100, basketSize: 0 },
      { month: '2026-02', index: 100, basketSize: 0 },
      { month: '2026-03', index: 90, basketSize: 1 },
    ]);
  });
});
