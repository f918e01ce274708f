import sharp from 'sharp';
import { encodeGrayPng, openPage, readGrayRows } from './decoded-pages';
import { estimateSkewDegrees, MIN_DESKEW_DEGREES } from './deskew';
import { dropRedStamps, RED_INK_MARGIN } from './drop-red-stamps';
import { evenEdgeBands, flattenLighting } from './flatten-lighting';
import { widenOverFadedPrint } from './faded-print';
import { findInkLevel, type InkBox } from './ink-level';

/** Wider scans are shrunk: faster, with no loss of accuracy. */
export const MAX_OCR_WIDTH = 2000;
/** Receipts narrower than this after cropping are enlarged: small glyphs lose dates and totals. */
export const MIN_RECEIPT_WIDTH = 640;
const ENLARGED_WIDTH = 800;
const INK_LEVEL = 128;

/**
 * Process-wide sharp settings for an OCR worker: no operation cache and one libvips thread, which with
 * MALLOC_ARENA_MAX=2 keeps the largest scans within the reader's memory budget. Call it from
 * process entry points (CLI, bench, job worker), not per request: it changes sharp for the whole process.
 */
export function configureSharpForOcr(): void {
  sharp.cache(false);
  sharp.concurrency(1);
}

export interface PreparedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Bounding box of the printed area of a grayscale raster. Rows/columns count as ink only when a few
 * pixels in them are dark, so scanner specks and dust around a small receipt on an A4 scan are ignored.
 */
export function findInkBox(pixels: Uint8Array, width: number, height: number, padding = 10, inkLevel = INK_LEVEL): InkBox {
  const columns = new Uint32Array(width);
  const rows = new Uint32Array(height);
  for (let y = 0; y < height; y += 1) {
    const offset = y * width;
    for (let x = 0; x < width; x += 1) {
      if ((pixels[offset + x] ?? 255) < inkLevel) {
        columns[x] = (columns[x] ?? 0) + 1;
        rows[y] = (rows[y] ?? 0) + 1;
      }
    }
  }
  const findSpan = (counts: Uint32Array, minimum: number): [number, number] => {
    let start = 0;
    let end = counts.length - 1;
    while (start < end && (counts[start] ?? 0) < minimum) start += 1;
    while (end > start && (counts[end] ?? 0) < minimum) end -= 1;
    return [start, end];
  };
  const [x0, x1] = findSpan(columns, Math.max(2, height * 0.004));
  const [y0, y1] = findSpan(rows, Math.max(2, width * 0.004));
  if (x1 <= x0 || y1 <= y0) return { left: 0, top: 0, width, height };
  const left = Math.max(0, x0 - padding);
  const top = Math.max(0, y0 - padding);
  return {
    left,
    top,
    width: Math.min(width - left, x1 - x0 + 1 + 2 * padding),
    height: Math.min(height - top, y1 - y0 + 1 + 2 * padding),
  };
}

/**
 * The ink box at the fixed level, unless that finds almost nothing: faint thermal print can be lighter
 * than mid-grey everywhere, and then only a stray dark mark counts as ink (a receipt would be cropped
 * to a thin strip and enlarged into a tall image of noise). The retry uses the page's own ink level
 * (ink-level.ts). A box that is big enough is widened over print that faded beside it (faded-print.ts).
 */
export function findPrintedArea(pixels: Uint8Array, width: number, height: number): InkBox {
  const box = findInkBox(pixels, width, height);
  const level = findInkLevel(pixels);
  if (level <= INK_LEVEL) return box;
  if (box.width >= width * 0.25 && box.height >= height * 0.25) return widenOverFadedPrint(pixels, width, height, box, level);
  const retry = findInkBox(pixels, width, height, 10, level);
  return retry.width * retry.height > box.width * box.height ? retry : box;
}

/** Darker than this and joined to the image's edge: background around the paper, not print. */
const BACKGROUND_LEVEL = 96;

/**
 * Paints white every dark pixel joined to the image's edge through dark pixels: the scanner lid, table or
 * torn edge around the paper. Print is not joined to the edge, so it stays. Returns how many pixels changed.
 */
export function clearDarkBorder(pixels: Uint8Array, width: number, height: number, level = BACKGROUND_LEVEL): number {
  const stack: number[] = [];
  // A pixel is painted when pushed, so it is never pushed twice.
  const push = (index: number) => {
    if ((pixels[index] ?? 255) < level) {
      pixels[index] = 255;
      stack.push(index);
    }
  };
  for (let x = 0; x < width; x += 1) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y += 1) {
    push(y * width);
    push(y * width + width - 1);
  }
  let painted = 0;
  for (let index = stack.pop(); index !== undefined; index = stack.pop()) {
    painted += 1;
    const x = index % width;
    if (x > 0) push(index - 1);
    if (x < width - 1) push(index + 1);
    if (index >= width) push(index - width);
    if (index < width * (height - 1)) push(index + width);
  }
  return painted;
}

/** The prepared PNG with its dark border cleared (clearDarkBorder), same size, so line boxes still fit. */
export async function clearDarkBorderOfPng(png: Buffer): Promise<Buffer> {
  const page = await readGrayRows(png);
  // A copy: the page's pixels may be shared with the PNG it came from.
  const data = Buffer.from(page.data);
  clearDarkBorder(new Uint8Array(data.buffer, data.byteOffset, data.length), page.width, page.height);
  return encodeGrayPng({ data, width: page.width, height: page.height });
}

/**
 * The prepared PNG slightly blurred (Gaussian, sigma 1), same size. Thin dot-matrix strokes and faint print break
 * into specks at tesseract's threshold: it split such lines in two and read each half as noise. Blurred, the dots
 * join into strokes again.
 */
export async function softenPrintOfPng(png: Buffer): Promise<Buffer> {
  const { data, info } = await openPage(png).blur(1).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return encodeGrayPng({ data, width: info.width, height: info.height });
}

/** Width of the thumbnail that tells whether a page has red ink at all (drop-red-stamps.ts). */
const RED_CHECK_WIDTH = 200;

/** Any pixel of a small copy clearly redder than gray: a red mark somewhere on the page. */
async function hasRedInk(image: sharp.Sharp): Promise<boolean> {
  const { data, info } = await image.clone().resize({ width: RED_CHECK_WIDTH }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.channels < 3) return false;
  for (let at = 0; at < data.length; at += info.channels) {
    // Half the margin: shrinking mixes a stamp's thin strokes with the paper around them.
    if (data[at]! - Math.max(data[at + 1]!, data[at + 2]!) > RED_INK_MARGIN / 2) return true;
  }
  return false;
}

/**
 * Upright grayscale pixels, with red stamps lifted off the print (drop-red-stamps.ts). Only a page with red on it
 * is decoded in colour (its gray computed from those pixels is the same bytes as decoding it to gray): holding every
 * scan in colour would raise the reader's peak memory.
 */
async function decodeGray(input: Buffer): Promise<{ data: Buffer; info: { width: number; height: number } }> {
  const image = sharp(input, { failOn: 'none' }).rotate();
  const { space } = await image.metadata();
  if ((space !== 'srgb' && space !== 'rgb') || !(await hasRedInk(image)))
    return image.grayscale().raw().toBuffer({ resolveWithObject: true });
  const colour = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = colour.info;
  const data = await sharp(colour.data, { raw: { width, height, channels } }).grayscale().raw().toBuffer();
  dropRedStamps(colour.data, data, channels);
  return { data, info: { width, height } };
}

/** A photo held at an angle is turned level (deskew.ts): tilted lines run into their neighbours in tesseract's page read. */
async function straighten(data: Buffer, width: number, height: number): Promise<{ data: Buffer; width: number; height: number }> {
  // Measured without the table or scanner lid around the paper: its straight edges outweighed the print's lines.
  const paper = Uint8Array.from(data);
  clearDarkBorder(paper, width, height);
  const degrees = estimateSkewDegrees(paper, width, height);
  if (Math.abs(degrees) < MIN_DESKEW_DEGREES) return { data, width, height };
  // sharp turns clockwise for a positive angle; the corners it adds are paper.
  const turned = await sharp(data, { raw: { width, height, channels: 1 } })
    .rotate(-degrees, { background: '#ffffff' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: turned.data, width: turned.info.width, height: turned.info.height };
}

/**
 * Turns an uploaded photo or scan into what tesseract reads best: upright (EXIF), grayscale without red stamps,
 * evenly lit (a shadow across the paper, a gray band down its side: flatten-lighting.ts), turned level, cropped to
 * the printed area, small receipts enlarged and wide scans shrunk. Contrast is stretched only when the image is dull: on clean scans
 * `normalise` thickens strokes and loses dates.
 * Re-encoding to PNG from raw pixels drops EXIF/GPS metadata.
 */
export async function prepareImage(input: Buffer): Promise<PreparedImage> {
  const gray = await decodeGray(input);
  const { width, height } = gray.info;
  const pixels = new Uint8Array(gray.data.buffer, gray.data.byteOffset, gray.data.length);
  flattenLighting(pixels, width, height);
  const raw = { raw: { width, height, channels: 1 as const } };
  const stats = await sharp(gray.data, raw).stats();
  const channel = stats.channels[0];
  const isDull = channel !== undefined && channel.max - channel.min < 160;
  // normalise() outputs three channels; b-w keeps the one the raw layout below expects (without it the
  // stretched image was read as one channel: rows tripled, print scrambled).
  const stretched = isDull ? await sharp(gray.data, raw).normalise().toColourspace('b-w').raw().toBuffer() : gray.data;
  const straight = await straighten(stretched, width, height);
  const straightPixels = new Uint8Array(straight.data.buffer, straight.data.byteOffset, straight.data.length);
  const box = findPrintedArea(straightPixels, straight.width, straight.height);
  // Evened only once the crop is chosen: the band, dark enough to pass for print, holds faint print beside it (a header
  // printed lighter than the rest) inside the printed area.
  evenEdgeBands(straightPixels, straight.width, straight.height);
  let pipeline = sharp(straight.data, { raw: { width: straight.width, height: straight.height, channels: 1 } }).extract(box);
  if (box.width < MIN_RECEIPT_WIDTH) pipeline = pipeline.resize({ width: ENLARGED_WIDTH });
  else if (box.width > MAX_OCR_WIDTH) pipeline = pipeline.resize({ width: MAX_OCR_WIDTH });
  // libvips hands a one-channel raw image on as sRGB; the page is gray, and one channel is a third of the bytes.
  const prepared = await pipeline.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const { width: preparedWidth, height: preparedHeight } = prepared.info;
  const data = await encodeGrayPng({ data: prepared.data, width: preparedWidth, height: preparedHeight });
  return { data, width: preparedWidth, height: preparedHeight };
}
