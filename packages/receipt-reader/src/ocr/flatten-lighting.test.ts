import { describe, expect, it } from 'vitest';
import { evenEdgeBands, flattenLighting, measurePaperLevels } from './flatten-lighting';

const WIDTH = 320;
const HEIGHT = 160;

/** Paper whose brightness runs from `left` to `right` across the page, with print (a third of the paper's level) every 16th row. */
function drawPage(left: number, right: number): Uint8Array {
  const pixels = new Uint8Array(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const paper = left + ((right - left) * x) / (WIDTH - 1);
      const isPrint = y % 16 < 3 && x % 8 < 5;
      pixels[y * WIDTH + x] = Math.round(isPrint ? paper / 3 : paper);
    }
  }
  return pixels;
}

describe('flattenLighting', () => {
  it('evens out a shadow so one threshold separates print from paper across the page', () => {
    const pixels = drawPage(110, 245);
    // Before: the print at the bright edge is lighter than the paper in the shadow.
    expect(pixels[WIDTH - 1]).toBeGreaterThan(pixels[WIDTH * 8]!);
    expect(flattenLighting(pixels, WIDTH, HEIGHT)).toBe(true);
    let darkestPaper = 255;
    let lightestPrint = 0;
    for (let y = 0; y < HEIGHT; y += 1) {
      for (let x = 0; x < WIDTH; x += 1) {
        const value = pixels[y * WIDTH + x]!;
        if (y % 16 < 3 && x % 8 < 5) lightestPrint = Math.max(lightestPrint, value);
        else darkestPaper = Math.min(darkestPaper, value);
      }
    }
    expect(lightestPrint).toBeLessThan(128);
    expect(darkestPaper).toBeGreaterThan(200);
  });

  it('leaves an evenly lit page exactly as it is', () => {
    const pixels = drawPage(235, 240);
    const before = Uint8Array.from(pixels);
    expect(flattenLighting(pixels, WIDTH, HEIGHT)).toBe(false);
    expect(pixels).toEqual(before);
  });

  it('does not take a dark background around even paper for a shadow', () => {
    const pixels = drawPage(238, 238);
    for (let y = 0; y < HEIGHT; y += 1) for (let x = 0; x < 64; x += 1) pixels[y * WIDTH + x] = 15;
    const before = Uint8Array.from(pixels);
    expect(flattenLighting(pixels, WIDTH, HEIGHT)).toBe(false);
    expect(pixels).toEqual(before);
  });

  it('measures the paper, not the print, of each block', () => {
    const { levels, columns, rows } = measurePaperLevels(drawPage(200, 200), WIDTH, HEIGHT);
    expect([columns, rows]).toEqual([10, 5]);
    expect([...levels].every((level) => level === 200)).toBe(true);
  });
});

describe('evenEdgeBands', () => {
  /** An evenly lit page whose first `bandWidth` columns are a gray band (paper at `bandLevel`), print as drawPage's. */
  function drawBandedPage(bandWidth: number, bandLevel: number, hasPrintOnBand = true): Uint8Array {
    const pixels = drawPage(240, 240);
    for (let y = 0; y < HEIGHT; y += 1) {
      for (let x = 0; x < bandWidth; x += 1) {
        const isPrint = hasPrintOnBand && y % 16 < 3 && x % 8 < 5;
        pixels[y * WIDTH + x] = Math.round(isPrint ? bandLevel / 3 : bandLevel);
      }
    }
    return pixels;
  }

  it('brightens the paper of a gray band down the side to the page, keeping its print dark', () => {
    const pixels = drawBandedPage(24, 150);
    expect(evenEdgeBands(pixels, WIDTH, HEIGHT)).toBe(true);
    expect(pixels[WIDTH * 8 + 2]).toBe(240);
    // Print on the band: a third of its paper before, still well below the page's paper after.
    expect(pixels[2]).toBeLessThan(100);
    // The rest of the page is untouched.
    expect(pixels[WIDTH * 8 + 100]).toBe(240);
  });

  it('leaves an even page, a band one column wide and a band without print as they are', () => {
    for (const pixels of [drawPage(240, 240), drawBandedPage(1, 150), drawBandedPage(24, 150, false)]) {
      const before = Uint8Array.from(pixels);
      expect(evenEdgeBands(pixels, WIDTH, HEIGHT)).toBe(false);
      expect(pixels).toEqual(before);
    }
  });
});
