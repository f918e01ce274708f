import type { Box } from './text-boxes';

export const REC_HEIGHT = 48;

/** Width a line crop gets when scaled to the recogniser's input height, within [8, maxWidth]. */
export function scaledLineWidth(box: Box, maxWidth: number): number {
  const width = box.right - box.left;
  const height = Math.max(1, box.bottom - box.top);
  return Math.max(8, Math.min(maxWidth, Math.round((width * REC_HEIGHT) / height)));
}

/**
 * Writes one line crop of a grayscale image into slot `slot` of an NCHW float batch (3 equal channels,
 * height REC_HEIGHT, width `batchWidth`), bilinearly scaled to `targetWidth` and normalised to [-1, 1]
 * as PP-OCR's recogniser expects; the rest of the row stays as the caller filled it (padding).
 */
export function writeLine(
  target: Float32Array,
  slot: number,
  batchWidth: number,
  gray: Uint8Array,
  imageWidth: number,
  box: Box,
  targetWidth: number,
): void {
  const plane = REC_HEIGHT * batchWidth;
  const base = slot * 3 * plane;
  const cropWidth = box.right - box.left;
  const cropHeight = box.bottom - box.top;
  const scaleX = cropWidth / targetWidth;
  const scaleY = cropHeight / REC_HEIGHT;
  for (let y = 0; y < REC_HEIGHT; y += 1) {
    const sourceY = Math.min(cropHeight - 1, Math.max(0, (y + 0.5) * scaleY - 0.5));
    const y0 = Math.floor(sourceY);
    const y1 = Math.min(cropHeight - 1, y0 + 1);
    const fy = sourceY - y0;
    const row0 = (box.top + y0) * imageWidth + box.left;
    const row1 = (box.top + y1) * imageWidth + box.left;
    for (let x = 0; x < targetWidth; x += 1) {
      const sourceX = Math.min(cropWidth - 1, Math.max(0, (x + 0.5) * scaleX - 0.5));
      const x0 = Math.floor(sourceX);
      const x1 = Math.min(cropWidth - 1, x0 + 1);
      const fx = sourceX - x0;
      const top = (gray[row0 + x0] ?? 255) * (1 - fx) + (gray[row0 + x1] ?? 255) * fx;
      const bottom = (gray[row1 + x0] ?? 255) * (1 - fx) + (gray[row1 + x1] ?? 255) * fx;
      const value = ((top * (1 - fy) + bottom * fy) / 255 - 0.5) / 0.5;
      const offset = base + y * batchWidth + x;
      target[offset] = value;
      target[offset + plane] = value;
      target[offset + 2 * plane] = value;
    }
  }
}

/**
 * Centres (in crop pixels from the box's left edge) of blank column runs inside the printed part of a
 * line crop that are at least `ratio` times the ink height wide: word gaps. Ink = darker than halfway
 * between the crop's darkest and lightest pixel; a crop with little contrast has no gaps.
 */
export function findWordGaps(gray: Uint8Array, imageWidth: number, box: Box, ratio: number): number[] {
  const width = box.right - box.left;
  let darkest = 255;
  let lightest = 0;
  for (let y = box.top; y < box.bottom; y += 1) {
    for (let x = box.left; x < box.right; x += 1) {
      const value = gray[y * imageWidth + x] ?? 255;
      if (value < darkest) darkest = value;
      if (value > lightest) lightest = value;
    }
  }
  if (lightest - darkest < 60) return [];
  const level = (darkest + lightest) / 2;
  const inkColumns = new Uint8Array(width);
  let firstRow = -1;
  let lastRow = -1;
  for (let y = box.top; y < box.bottom; y += 1) {
    let isInkRow = false;
    for (let x = 0; x < width; x += 1) {
      if ((gray[y * imageWidth + box.left + x] ?? 255) < level) {
        inkColumns[x] = 1;
        isInkRow = true;
      }
    }
    if (isInkRow) {
      if (firstRow < 0) firstRow = y;
      lastRow = y;
    }
  }
  const minGap = Math.max(2, ratio * (lastRow - firstRow + 1));
  const gaps: number[] = [];
  let runStart = -1;
  let hasInk = false;
  for (let x = 0; x < width; x += 1) {
    if (inkColumns[x]) {
      if (hasInk && runStart >= 0 && x - runStart >= minGap) gaps.push((runStart + x) / 2);
      hasInk = true;
      runStart = -1;
    } else if (runStart < 0) runStart = x;
  }
  return gaps;
}
