import { describe, expect, it } from 'vitest';
import { daysUntil, isExpiringSoon, sortPantryByExpiry, sumPantryQty } from './pantry';

describe('pantry helpers', () => {
  it('sums quantities without float noise', () => {
    expect(sumPantryQty([{ qty: 0.1 }, { qty: 0.2 }])).toBe(0.3);
    expect(sumPantryQty([])).toBe(0);
  });

  it('sorts by expiry, soonest first, undated last, ties by name', () => {
    const sorted = sortPantryByExpiry([
      { name: 'Rice', expires_on: null },
      { name: 'Milk', expires_on: '2026-11-25' },
      { name: 'Cream', expires_on: '2026-11-25' },
      { name: 'Yogurt', expires_on: '2026-11-23' },
      { name: 'Flour', expires_on: null },
    ]);
    expect(sorted.map((item) => item.name)).toEqual(['Yogurt', 'Cream', 'Milk', 'Flour', 'Rice']);
  });

  it('flags items expired or expiring within 3 days', () => {
    const today = '2026-11-22';
    expect(daysUntil('2026-12-01', today)).toBe(9);
    expect(isExpiringSoon('2026-11-20', today)).toBe(true);
    expect(isExpiringSoon('2026-11-22', today)).toBe(true);
    expect(isExpiringSoon('2026-11-25', today)).toBe(true);
    expect(isExpiringSoon('2026-11-26', today)).toBe(false);
    expect(isExpiringSoon(null, today)).toBe(false);
  });
});
