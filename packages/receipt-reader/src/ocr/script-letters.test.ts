import { describe, expect, it } from 'vitest';
import { countAlphanumerics, countLetters } from './script-letters';

describe('countLetters and countAlphanumerics', () => {
  it('count ASCII letters and digits as the page steps always did, and letters of other scripts', () => {
    expect(countAlphanumerics('TOTAL 12.50')).toBe(9);
    // Accented Latin letters were not counted when the thresholds were measured, and still are not.
    expect(countLetters('Brötchen')).toBe(7);
    expect(countLetters('חלב 5.90')).toBe(3);
    expect(countAlphanumerics('חלב 5.90')).toBe(6);
    expect(countAlphanumerics('€ £ ° µ -- |')).toBe(0);
  });
});
