import { findMedian } from './median';
import type { InkBox } from './ink-level';

/** Beside the box, a column counts as print when it holds this share of the box's median column's ink. */
const FADED_COLUMN_SHARE = 1 / 3;
/** A column dark in more than this share of rows is a shadow or the paper's edge, not print. */
const SHADOW_SHARE = 0.5;
/** Gaps between print columns (spaces, short lines) up to this share of the box's width are crossed. */
const MAX_GAP_SHARE = 0.06;
const PADDING = 10;

/**
 * Widens a printed area found at the fixed ink level over print that faded beside it. A thermal head that
 * prints lighter on one side leaves half a receipt paler than mid-grey, and a crop of the other half loses every
 * amount. At the page's own ink level (ink-level.ts) faded columns hold nearly as much ink as those inside the box,
 * while specks, scanner dust and a paper edge beside other receipts hold only a little of it: a third tells them
 * apart.
 */
export function widenOverFadedPrint(pixels: Uint8Array, width: number, height: number, box: InkBox, level: number): InkBox {
  const bottom = Math.min(height, box.top + box.height);
  const columns = new Uint32Array(width);
  for (let y = box.top; y < bottom; y += 1) {
    const offset = y * width;
    for (let x = 0; x < width; x += 1) if ((pixels[offset + x] ?? 255) < level) columns[x] = (columns[x] ?? 0) + 1;
  }
  const right = box.left + box.width;
  const inside = findMedian(columns.subarray(box.left, right));
  if (inside === 0) return box;
  const rows = bottom - box.top;
  const isPrint = (x: number) => {
    const count = columns[x] ?? 0;
    return count >= Math.max(2, rows * 0.004) && count < rows * SHADOW_SHARE;
  };
  const maxGap = Math.round(box.width * MAX_GAP_SHARE);
  const isFaded = (from: number, to: number) => {
    const low = Math.min(from, to);
    const high = Math.max(from, to);
    return high > low && findMedian(columns.subarray(low, high)) >= inside * FADED_COLUMN_SHARE;
  };
  const newRight = findPrintEdge(right, width, 1, isPrint, maxGap);
  const newLeft = findPrintEdge(box.left - 1, width, -1, isPrint, maxGap);
  const widenedRight = isFaded(right, newRight) ? Math.min(width, newRight + PADDING) : right;
  const widenedLeft = isFaded(newLeft + 1, box.left) ? Math.max(0, newLeft + 1 - PADDING) : box.left;
  return { ...box, left: widenedLeft, width: widenedRight - widenedLeft };
}

/** Walks outward from `start` while print columns follow each other with gaps no wider than `maxGap`. */
function findPrintEdge(start: number, width: number, step: 1 | -1, isPrint: (x: number) => boolean, maxGap: number): number {
  // For the right side the edge is one past the last print column; for the left, one before the first.
  let edge = start;
  let gap = 0;
  for (let x = start; x >= 0 && x < width; x += step) {
    if (isPrint(x)) {
      edge = step === 1 ? x + 1 : x - 1;
      gap = 0;
    } else if ((gap += 1) > maxGap) break;
  }
  return edge;
}
