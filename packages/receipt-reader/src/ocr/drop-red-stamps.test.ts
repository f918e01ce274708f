import { describe, expect, it } from 'vitest';
import { dropRedStamps } from './drop-red-stamps';

function lumaOf([red, green, blue]: readonly number[]): number {
  return Math.round(0.299 * (red ?? 0) + 0.587 * (green ?? 0) + 0.114 * (blue ?? 0));
}

/** White paper around the marks: a stamp covers only a small share of a page. */
const PAPER = Array.from({ length: 100 }, () => [250, 250, 248]);

describe('dropRedStamps', () => {
  it('lifts red and pink stamp ink to the paper and keeps black, blue, purple and gray print', () => {
    const pixels = [
      [225, 60, 70], // red stamp ink
      [240, 150, 190], // pink stamp ink
      [20, 20, 25], // black print, also where the stamp lies over it
      [40, 60, 150], // blue print
      [120, 90, 170], // purple print
      [200, 196, 190], // yellowed paper
      [120, 80, 82], // a dark, dull red: JPEG noise at a black letter's edge, not stamp ink
      ...PAPER,
    ];
    const rgb = Uint8Array.from(pixels.flat());
    const gray = Uint8Array.from(pixels.map(lumaOf));
    const before = Array.from(gray);
    expect(dropRedStamps(rgb, gray, 3)).toBe(2);
    expect(gray[0]).toBe(225);
    expect(gray[1]).toBe(240);
    expect(Array.from(gray.slice(2))).toEqual(before.slice(2));
  });

  it('reads every fourth byte as alpha when the pixels carry it', () => {
    const pixels = [[225, 60, 70], [20, 20, 25], ...PAPER];
    const rgba = Uint8Array.from(pixels.flatMap((pixel) => [...pixel, 255]));
    const gray = Uint8Array.from(pixels.map(lumaOf));
    expect(dropRedStamps(rgba, gray, 4)).toBe(1);
    expect(Array.from(gray.slice(0, 2))).toEqual([225, lumaOf([20, 20, 25])]);
  });

  it('leaves tinted paper alone: red over more than a stamp covers is the paper itself', () => {
    const paper = [235, 180, 185];
    const pixels = [...Array.from({ length: 18 }, () => paper), [20, 20, 25], [20, 20, 25]];
    const rgb = Uint8Array.from(pixels.flat());
    const gray = Uint8Array.from(pixels.map(lumaOf));
    const before = Array.from(gray);
    expect(dropRedStamps(rgb, gray, 3)).toBe(0);
    expect(Array.from(gray)).toEqual(before);
  });
});
