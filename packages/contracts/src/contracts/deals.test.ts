import { describe, expect, it } from 'vitest';
import { describeDealLimit } from './deals';

describe('describeDealLimit', () => {
  it('says deal for one and deals otherwise', () => {
    expect(describeDealLimit(1)).toBe('up to 1 deal a day');
    expect(describeDealLimit(10)).toBe('up to 10 deals a day');
  });
});
