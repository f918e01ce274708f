import type { Box } from './text-boxes';
import { findMedian } from './median';

export interface RecognizedBox extends Box {
  text: string;
  /** 0..1 */
  confidence: number;
}

/**
 * Rebuilds tesseract-like text lines from separately read boxes: boxes whose vertical extents overlap by
 * at least `minOverlap` of the smaller height share a row; rows run top to bottom, boxes left to right,
 * joined with one space (PaddleOCR reads `TOTAL:` and `9.00` as two boxes; the parser wants one line).
 */
export function assembleRows(boxes: readonly RecognizedBox[], minOverlap = 0.5): RecognizedBox[][] {
  const sorted = [...boxes].filter((box) => box.text.trim() !== '').sort((a, b) => a.top + a.bottom - (b.top + b.bottom));
  const rows: { top: number; bottom: number; boxes: RecognizedBox[] }[] = [];
  for (const box of sorted) {
    const height = box.bottom - box.top;
    let best: (typeof rows)[number] | undefined;
    let bestOverlap = 0;
    // Only recent rows can overlap: boxes arrive ordered by vertical centre.
    for (let index = rows.length - 1; index >= Math.max(0, rows.length - 4); index -= 1) {
      const row = rows[index];
      if (!row) continue;
      const overlap = Math.min(row.bottom, box.bottom) - Math.max(row.top, box.top);
      const ratio = overlap / Math.max(1, Math.min(height, row.bottom - row.top));
      if (ratio >= minOverlap && ratio > bestOverlap) {
        best = row;
        bestOverlap = ratio;
      }
    }
    if (best) {
      best.boxes.push(box);
      // The band follows the row's median box, so a tall neighbour cannot swallow the next line.
      best.top = findMedian(
        best.boxes.map((item) => item.top),
        best.top,
      );
      best.bottom = findMedian(
        best.boxes.map((item) => item.bottom),
        best.bottom,
      );
    } else rows.push({ top: box.top, bottom: box.bottom, boxes: [box] });
  }
  return rows.map((row) => row.boxes.sort((a, b) => a.left - b.left));
}

/** The rows as text, one line per row. */
export function rowsToText(rows: readonly (readonly RecognizedBox[])[]): string {
  return rows.map((row) => row.map((box) => box.text.trim()).join(' ')).join('\n');
}
