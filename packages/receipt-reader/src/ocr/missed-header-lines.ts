import sharp from 'sharp';
import { SDN_BHD_AS_READ } from '../parse/vocabulary/en-my';
import { readGrayRows } from './decoded-pages';
import type { OcrLine } from './line-rereads';
import { findMedian } from './median';
import { countAlphanumerics, countLetters } from './script-letters';

/**
 * Tesseract's page read (PSM 6, one uniform block) skips header lines printed much larger than the rest (a name such
 * as POPULAR BOOK CO. (M) SDN BHD is missing from the page text altogether), and the store is then taken from a mall
 * name or an address below them. Read on their own, those rows come back clean.
 * So the rows of ink above and between the first lines that no line of the page read covers are read again.
 */

/** The header: rows above the first few text lines. Missed names sit above the registration and address lines. */
export const HEADER_TEXT_LINES = 4;
/** At most this many bands are read again per page (each costs a small tesseract read). */
export const MAX_MISSED_BANDS = 2;
/** A band shorter than this share of the median line height is a rule, a speck or a logo's edge, not a line. */
const MIN_BAND_HEIGHT_SHARE = 0.8;
/** Rows this close to a read line belong to it (its box hugs the ink; accents and descenders stick out). */
const LINE_SLACK_SHARE = 0.25;
/** A row with fewer dark pixels than this share of the page width is paper. */
const MIN_INK_SHARE = 0.004;
/** Blank rows within a band that do not end it: the gap between two large lines of one name. */
const MAX_BLANK_ROWS_SHARE = 0.6;
/** A legal form (`SDN BHD`, `S/B`): a header line with one and a proper name names the store, and no band is read. */
const LEGAL_FORM = SDN_BHD_AS_READ;

/** `TEO HENG STATIONERY SDN BHD` names the store; `CO. (M) SDN BHD` alone is the end of a name printed above it. */
function isNamedLegalLine(text: string): boolean {
  if (!LEGAL_FORM.test(text)) return false;
  return /[A-Za-z]{3,}/.test(
    text
      .replace(new RegExp(LEGAL_FORM.source, 'gi'), ' ')
      .replace(/\([^)]*\)/g, ' ')
      .replace(/\b(CO|COMPANY)\b\.?/gi, ' '),
  );
}
/** A read-again line needs this mean word confidence and this many letters to join the page. */
const MIN_LINE_CONFIDENCE = 60;
const MIN_LINE_LETTERS = 3;

export interface RowBand {
  top: number;
  /** Exclusive. */
  bottom: number;
}

function isTextLine(line: OcrLine): boolean {
  return countAlphanumerics(line.text) >= MIN_LINE_LETTERS;
}

/** The page's median text line height, and the header zone: the rows above the HEADER_TEXT_LINES-th text line. */
function measureHeader(lines: readonly OcrLine[]): { lineHeight: number; zoneBottom: number } {
  const textLines = lines.filter(isTextLine);
  if (textLines.length === 0) return { lineHeight: 0, zoneBottom: 0 };
  const lineHeight = findMedian(textLines.map((line) => line.bbox.y1 - line.bbox.y0));
  return { lineHeight, zoneBottom: textLines[Math.min(HEADER_TEXT_LINES, textLines.length) - 1]?.bbox.y0 ?? 0 };
}

/** Room kept above and below a band when it is cut out, as a share of the line height. */
const BAND_MARGIN_SHARE = 0.3;

/**
 * Bands of inked rows in the header that no line of the page read covers, tallest first (at most MAX_MISSED_BANDS),
 * each at least a text line high. `gray`: the prepared page, one byte a pixel.
 */
export function findMissedHeaderBands(gray: Uint8Array, width: number, height: number, lines: readonly OcrLine[]): RowBand[] {
  const header = measureHeader(lines);
  const lineHeight = header.lineHeight;
  if (lineHeight <= 0) return [];
  const zoneBottom = Math.min(height, header.zoneBottom);
  const covered = new Uint8Array(height);
  const slack = Math.round(lineHeight * LINE_SLACK_SHARE);
  for (const line of lines) {
    if (!isTextLine(line)) continue;
    covered.fill(1, Math.max(0, line.bbox.y0 - slack), Math.min(height, line.bbox.y1 + slack));
  }
  const isInkRow = createInkRowTest(gray, width);
  const bands: RowBand[] = [];
  const maxBlank = Math.round(lineHeight * MAX_BLANK_ROWS_SHARE);
  let band: RowBand | null = null;
  let blank = 0;
  const close = () => {
    if (band && band.bottom - band.top >= lineHeight * MIN_BAND_HEIGHT_SHARE) bands.push(band);
    band = null;
    blank = 0;
  };
  for (let y = 0; y < zoneBottom; y += 1) {
    if (covered[y]) {
      close();
      continue;
    }
    if (isInkRow(y)) {
      if (band) band.bottom = y + 1;
      else band = { top: y, bottom: y + 1 };
      blank = 0;
    } else if (band && (blank += 1) > maxBlank) close();
  }
  close();
  return bands
    .sort((a, b) => b.bottom - b.top - (a.bottom - a.top))
    .slice(0, MAX_MISSED_BANDS)
    .sort((a, b) => a.top - b.top);
}

/** Reads a cropped band as a block of lines (tesseract's page mode), boxes in the crop's pixels. */
export type BandReader = (png: Buffer) => Promise<OcrLine[]>;

/**
 * Reads the missed header bands again and puts the lines it reads surely into the page, in reading order. Large print
 * is scaled down to about the page's line height first: tesseract reads it better at the size it was tuned for.
 */
export async function readMissedHeaderLines(
  png: Buffer,
  lines: readonly OcrLine[],
  readBand: BandReader,
): Promise<{ lines: OcrLine[]; added: number; bands: number }> {
  // A named legal line at the top is the store's name: the band reads would find nothing more.
  if (
    lines
      .filter(isTextLine)
      .slice(0, HEADER_TEXT_LINES)
      .some((line) => isNamedLegalLine(line.text))
  )
    return { lines: [...lines], added: 0, bands: 0 };
  const { lineHeight, zoneBottom } = measureHeader(lines);
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const margin = Math.round(lineHeight * BAND_MARGIN_SHARE);
  // Only the header rows are decoded (sequentially, so decoding stops there), unless the page's pixels are known.
  const rows = Math.min(height, zoneBottom + margin);
  if (lineHeight <= 0 || rows <= 0 || width <= 0) return { lines: [...lines], added: 0, bands: 0 };
  const info = await readGrayRows(png, rows);
  const gray = new Uint8Array(info.data.buffer, info.data.byteOffset, info.width * info.height);
  const bands = findMissedHeaderBands(gray, info.width, info.height, lines);
  if (bands.length === 0) return { lines: [...lines], added: 0, bands: 0 };
  const found: OcrLine[] = [];
  for (const band of bands) {
    const top = Math.max(0, band.top - margin);
    const bottom = Math.min(info.height, band.bottom + margin);
    const tallest = Math.max(...measureInkRuns(gray, info.width, band));
    const scale = Math.min(1, (1.3 * lineHeight) / Math.max(1, tallest));
    // Cut from the rows already decoded above, not from the PNG again.
    let crop = sharp(info.data, { raw: { width: info.width, height: info.height, channels: 1 } }).extract({
      left: 0,
      top,
      width: info.width,
      height: bottom - top,
    });
    if (scale < 0.95) crop = crop.resize({ width: Math.max(1, Math.round(info.width * scale)) });
    const read = await readBand(await crop.png().toBuffer());
    for (const line of read) {
      if (line.confidence < MIN_LINE_CONFIDENCE || countLetters(line.text) < MIN_LINE_LETTERS) continue;
      const bbox = {
        x0: Math.round(line.bbox.x0 / scale),
        x1: Math.min(info.width, Math.round(line.bbox.x1 / scale)),
        y0: top + Math.round(line.bbox.y0 / scale),
        y1: Math.min(info.height, top + Math.round(line.bbox.y1 / scale)),
      };
      found.push({ text: line.text.endsWith('\n') ? line.text : `${line.text}\n`, confidence: line.confidence, bbox });
    }
  }
  if (found.length === 0) return { lines: [...lines], added: 0, bands: bands.length };
  const merged = [...lines];
  for (const line of found) {
    const at = merged.findIndex((other) => other.bbox.y0 > line.bbox.y0);
    merged.splice(at < 0 ? merged.length : at, 0, line);
  }
  return { lines: merged, added: found.length, bands: bands.length };
}

/** A row darker than this share is the table or a shadow around the paper, not print. */
const MAX_INK_SHARE = 0.5;

/** Whether a row of the page holds print (some dark pixels, not mostly dark), not just paper or background. */
function createInkRowTest(gray: Uint8Array, width: number): (y: number) => boolean {
  const minInk = Math.max(3, Math.round(width * MIN_INK_SHARE));
  const maxInk = width * MAX_INK_SHARE;
  return (y) => {
    let dark = 0;
    for (let x = 0, at = y * width; x < width; x += 1, at += 1) if ((gray[at] ?? 255) < 128) dark += 1;
    return dark >= minInk && dark <= maxInk;
  };
}

/** Heights of the runs of inked rows in a band: its lines' heights. */
function measureInkRuns(gray: Uint8Array, width: number, band: RowBand): number[] {
  const isInkRow = createInkRowTest(gray, width);
  const runs: number[] = [];
  let run = 0;
  for (let y = band.top; y < band.bottom; y += 1) {
    if (isInkRow(y)) run += 1;
    else if (run > 0) {
      runs.push(run);
      run = 0;
    }
  }
  if (run > 0) runs.push(run);
  return runs.length > 0 ? runs : [band.bottom - band.top];
}
