import { describe, expect, it } from 'vitest';
import { findTotals } from './totals';

describe('findTotals', () => {
  it('reads a total word whose last letter was read as a bracket before a space ("fata] After Rounding")', () => {
    const lines = ['Round Adj 0.00', 'fata] After Rounding 21.40', 'CHANGE 28.60'];
    expect(findTotals(lines).total.value).toBe(21.4);
  });
});
