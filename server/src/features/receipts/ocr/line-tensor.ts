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
