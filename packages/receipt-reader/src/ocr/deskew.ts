import { findInkLevel } from './ink-level';

/** Phone photos of receipts are rarely held straighter than this; a steeper angle is more likely a misreading. */
export const MAX_SKEW_DEGREES = 12;
/**
 * Tesseract reads lines tilted this little as well as straight ones (synthetic receipts at +-1.5 degrees read as
 * well as at 0), and rotating resamples every pixel, so straighter pages are left as they are.
 */
export const MIN_DESKEW_DEGREES = 1.5;
/** The profile is taken on every n-th pixel so that a page this wide or narrower is scanned in full. */
const SAMPLE_WIDTH = 700;
const COARSE_STEP = 0.5;
const FINE_STEP = 0.1;

/**
 * How far the print's lines are turned from horizontal, in degrees (positive: they run down to the right).
 * Projection profile: the ink pixels are counted per row along lines of each candidate slope; along the print's
 * own slope the rows fall into lines and gaps, so the sum of squared counts is largest there.
 */
export function estimateSkewDegrees(pixels: Uint8Array, width: number, height: number, inkLevel = findInkLevel(pixels)): number {
  const step = Math.max(1, Math.ceil(width / SAMPLE_WIDTH));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      if ((pixels[y * width + x] ?? 255) < inkLevel) {
        xs.push(x / step);
        ys.push(y / step);
      }
    }
  }
  if (xs.length < 50) return 0;
  const rows = Math.ceil(height / step);
  const columns = Math.ceil(width / step);
  const counts = new Uint32Array(rows + 2 * Math.ceil(columns * Math.tan((MAX_SKEW_DEGREES * Math.PI) / 180)) + 2);
  const offset = (counts.length - rows) / 2;
  const scoreAngle = (degrees: number): number => {
    counts.fill(0);
    const slope = Math.tan((degrees * Math.PI) / 180);
    for (let index = 0; index < xs.length; index += 1) {
      const row = Math.floor(ys[index]! - xs[index]! * slope + offset);
      counts[row] = (counts[row] ?? 0) + 1;
    }
    let score = 0;
    for (const count of counts) score += count * count;
    return score;
  };
  const searchBest = (from: number, to: number, stride: number, start: { degrees: number; score: number }) => {
    let best = start;
    for (let degrees = from; degrees <= to + 1e-9; degrees += stride) {
      const score = scoreAngle(degrees);
      if (score > best.score) best = { degrees, score };
    }
    return best;
  };
  // 0 wins ties, so an even page without lines is never turned.
  const coarse = searchBest(-MAX_SKEW_DEGREES, MAX_SKEW_DEGREES, COARSE_STEP, { degrees: 0, score: scoreAngle(0) });
  // A best angle at the end of the range is no slope of lines but a diagonal of specks or a border.
  if (Math.abs(coarse.degrees) >= MAX_SKEW_DEGREES - COARSE_STEP) return 0;
  const fine = searchBest(coarse.degrees - COARSE_STEP, coarse.degrees + COARSE_STEP, FINE_STEP, coarse);
  return Math.round(fine.degrees * 10) / 10;
}
