import { describe, expect, it } from 'vitest';
import { findMedian } from './median';

describe('findMedian', () => {
  it('takes the middle value by size, the upper one of an even count, and the fallback when there are none', () => {
    expect(findMedian([9, 1, 5])).toBe(5);
    expect(findMedian(Uint8Array.from([200, 10, 30, 250]))).toBe(200);
    expect(findMedian([], 255)).toBe(255);
  });
});
