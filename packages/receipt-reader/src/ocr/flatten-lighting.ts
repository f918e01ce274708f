import { findMedian } from './median';

/** Side of the square blocks whose brightest pixels tell the paper's brightness there. */
const BLOCK_PX = 32;
/** The paper is the brightest tenth of a block (print rarely covers more than that). */
const PAPER_SHARE = 0.1;
/** Darker than this a block is background around the paper (a table, a scanner lid), not paper in shadow. */
const MIN_PAPER_LEVEL = 100;
/**
 * Paper brightness varying by at least this many levels across the page is a shadow or a lamp's fall-off; folds and
 * yellowed paper vary less, and flattening them loses more than it gains.
 */
const UNEVEN_LEVELS = 80;

/**
 * The paper's brightness per block: the level below which (1 - PAPER_SHARE) of the block's pixels lie.
 * Counted one row of blocks at a time, so it needs one histogram per block column, not per block.
 */
export function measurePaperLevels(
  pixels: Uint8Array,
  width: number,
  height: number,
): { levels: Uint8Array; columns: number; rows: number } {
  const columns = Math.ceil(width / BLOCK_PX);
  const rows = Math.ceil(height / BLOCK_PX);
  const levels = new Uint8Array(columns * rows);
  const histograms = new Uint32Array(columns * 256);
  for (let row = 0; row < rows; row += 1) {
    histograms.fill(0);
    const yEnd = Math.min(height, (row + 1) * BLOCK_PX);
    for (let y = row * BLOCK_PX; y < yEnd; y += 1) {
      const offset = y * width;
      for (let x = 0; x < width; x += 1) histograms[((x / BLOCK_PX) | 0) * 256 + pixels[offset + x]!]! += 1;
    }
    for (let column = 0; column < columns; column += 1) {
      const count = (Math.min(width, (column + 1) * BLOCK_PX) - column * BLOCK_PX) * (yEnd - row * BLOCK_PX);
      let seen = 0;
      let level = 255;
      while (level > 0 && seen + histograms[column * 256 + level]! <= count * PAPER_SHARE) seen += histograms[column * 256 + level--]!;
      levels[row * columns + column] = level;
    }
  }
  return { levels, columns, rows };
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

/**
 * Evens out the light on a photo of a receipt (a phone's shadow across half the paper, a lamp's fall-off): each
 * pixel is divided by the paper's brightness around it, so one threshold separates print from paper everywhere.
 * Tesseract binarises a page with one global threshold, and under a shadow it lost the print of whole columns.
 * Evenly lit pages (scans) are left exactly as they are. Works in place; returns whether it changed the pixels.
 */
export function flattenLighting(pixels: Uint8Array, width: number, height: number): boolean {
  const { levels, columns, rows } = measurePaperLevels(pixels, width, height);
  const paper = [...levels].filter((level) => level >= MIN_PAPER_LEVEL);
  if (paper.length < levels.length * 0.2) return false;
  if (percentile(paper, 0.95) - percentile(paper, 0.05) < UNEVEN_LEVELS) return false;
  // Background blocks count as dim paper, so print next to them is not blown out; then a 3 x 3 mean.
  const smooth = new Float32Array(levels.length);
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      let sum = 0;
      let count = 0;
      for (let r = Math.max(0, row - 1); r <= Math.min(rows - 1, row + 1); r += 1) {
        for (let c = Math.max(0, column - 1); c <= Math.min(columns - 1, column + 1); c += 1) {
          sum += Math.max(MIN_PAPER_LEVEL, levels[r * columns + c]!);
          count += 1;
        }
      }
      smooth[row * columns + column] = sum / count;
    }
  }
  // Bilinear between block centres.
  for (let y = 0; y < height; y += 1) {
    const fy = Math.min(rows - 1, Math.max(0, (y + 0.5) / BLOCK_PX - 0.5));
    const r0 = Math.floor(fy);
    const r1 = Math.min(rows - 1, r0 + 1);
    const wy = fy - r0;
    const offset = y * width;
    for (let x = 0; x < width; x += 1) {
      const fx = Math.min(columns - 1, Math.max(0, (x + 0.5) / BLOCK_PX - 0.5));
      const c0 = Math.floor(fx);
      const c1 = Math.min(columns - 1, c0 + 1);
      const wx = fx - c0;
      const top = smooth[r0 * columns + c0]! * (1 - wx) + smooth[r0 * columns + c1]! * wx;
      const bottom = smooth[r1 * columns + c0]! * (1 - wx) + smooth[r1 * columns + c1]! * wx;
      const paperLevel = top * (1 - wy) + bottom * wy;
      pixels[offset + x] = Math.min(255, Math.round((pixels[offset + x]! * 255) / paperLevel));
    }
  }
  return true;
}

/** Columns this close to either side are where scanners and folds leave a gray band down the paper. */
const EDGE_SHARE = 0.12;
/** A column's paper this much darker than the page's is in such a band. */
const BAND_DARKER_BY = 35;
/** A band at least this share of the width wide: a column or two darker is the paper's own edge. */
const MIN_BAND_SHARE = 0.015;
/** Print darker than its band's paper by this much. */
const INK_DARKER_BY = 80;

/** Each column's paper brightness: its median, as print covers less than half a column (every other row sampled). */
function measureColumnLevels(pixels: Uint8Array, width: number, height: number): Uint8Array {
  const levels = new Uint8Array(width);
  const histogram = new Uint32Array(256);
  const sampled = Math.ceil(height / 2);
  for (let x = 0; x < width; x += 1) {
    histogram.fill(0);
    for (let y = 0; y < height; y += 2) histogram[pixels[y * width + x]!]! += 1;
    let seen = 0;
    let level = 255;
    while (level > 0 && seen + histogram[level]! <= sampled / 2) seen += histogram[level--]!;
    levels[x] = level;
  }
  return levels;
}

/** Whether any column of the band holds print: a pixel clearly darker than the band's paper. */
function hasPrint(pixels: Uint8Array, width: number, height: number, columns: readonly number[], levels: Uint8Array): boolean {
  return columns.some((x) => {
    for (let y = 0; y < height; y += 1) if (pixels[y * width + x]! < levels[x]! - INK_DARKER_BY) return true;
    return false;
  });
}

/**
 * Evens out a gray band down the side of a scan (the scanner's shading, a fold): the first letters of every line on it
 * were lost ("OPAC MARKETING" for VIVOPAC), and a band a few blocks wide is too narrow to count as uneven light for
 * flattenLighting. The columns of a band near an edge whose paper is clearly darker than the page's are scaled so
 * their paper is as bright as the rest, when the band is wide enough and has print on it. Background darker than
 * paper is left alone. Works in place; returns whether it changed the pixels.
 */
export function evenEdgeBands(pixels: Uint8Array, width: number, height: number): boolean {
  const levels = measureColumnLevels(pixels, width, height);
  const page = findMedian(levels, 255);
  const edge = Math.round(width * EDGE_SHARE);
  const isInBand = (x: number) => levels[x]! < page - BAND_DARKER_BY && levels[x]! >= MIN_PAPER_LEVEL;
  const sides = [Array.from({ length: edge }, (_, x) => x), Array.from({ length: edge }, (_, x) => width - 1 - x)];
  let isChanged = false;
  for (const side of sides) {
    const band = side.filter(isInBand);
    if (band.length < width * MIN_BAND_SHARE || !hasPrint(pixels, width, height, band, levels)) continue;
    isChanged = true;
    for (const x of band) {
      for (let y = 0; y < height; y += 1) pixels[y * width + x] = Math.min(255, Math.round((pixels[y * width + x]! * page) / levels[x]!));
    }
  }
  return isChanged;
}
