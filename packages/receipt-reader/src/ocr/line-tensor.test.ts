import { describe, expect, it } from 'vitest';
import { findWordGaps } from './line-tensor';

/** A 12-row white strip with ink columns given as [from, to) ranges, rows 2..9 inked. */
function strip(width: number, inked: readonly [number, number][]): Uint8Array {
  const gray = new Uint8Array(width * 12).fill(240);
  for (let y = 2; y < 10; y += 1) for (const [from, to] of inked) for (let x = from; x < to; x += 1) gray[y * width + x] = 20;
  return gray;
}

describe('findWordGaps', () => {
  it('finds blank runs at least ratio x ink height wide between ink, not at the edges', () => {
    // ink height 8: minimum gap 4 at ratio 0.5. Gaps: 2 px (letters), 6 px (word), and blank margins.
    const gray = strip(40, [
      [3, 6],
      [8, 11],
      [17, 20],
    ]);
    expect(findWordGaps(gray, 40, { left: 0, top: 0, right: 40, bottom: 12 }, 0.5)).toEqual([14]);
    expect(findWordGaps(gray, 40, { left: 0, top: 0, right: 40, bottom: 12 }, 0.25)).toEqual([7, 14]);
  });

  it('measures inside the box only, and finds nothing in a blank crop', () => {
    const gray = strip(40, [
      [3, 6],
      [17, 20],
    ]);
    expect(findWordGaps(gray, 40, { left: 10, top: 0, right: 40, bottom: 12 }, 0.5)).toEqual([]);
    expect(findWordGaps(new Uint8Array(400).fill(200), 40, { left: 0, top: 0, right: 40, bottom: 10 }, 0.5)).toEqual([]);
  });
});
