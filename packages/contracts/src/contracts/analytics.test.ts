import { describe, expect, it } from 'vitest';
import { listRecentMonths } from './analytics';

describe('listRecentMonths', () => {
  it('returns the window oldest first across a year boundary', () => {
    expect(listRecentMonths('2026-02-15', 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(listRecentMonths('2026-05-31', 1)).toEqual(['2026-05']);
  });
});
