/**
 * Text boxes from a DB (differentiable binarisation) probability map: threshold, 4-connected components
 * by flood fill on typed arrays, then axis-aligned boxes grown by the DB "unclip" distance. Receipts are
 * near-upright, so rotated rectangles are not computed.
 */
export interface Box {
  left: number;
  top: number;
  /** Exclusive. */
  right: number;
  /** Exclusive. */
  bottom: number;
}

export interface ScoredBox extends Box {
  /** Mean probability of the component's pixels. */
  score: number;
}

export interface FindBoxesOptions {
  /** Pixels above this probability are text. */
  threshold?: number;
  /** Components whose mean probability is lower are dropped. */
  minScore?: number;
  /** Components with a shorter side (in map pixels) are dropped. */
  minSide?: number;
  /** DB unclip ratio: each side grows by area * ratio / perimeter. */
  unclipRatio?: number;
}

/** Connected components (4-neighbourhood) of `map > threshold`, as bounding boxes in map pixels. */
export function findComponents(map: ArrayLike<number>, width: number, height: number, threshold: number): ScoredBox[] {
  const visited = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  const boxes: ScoredBox[] = [];
  for (let start = 0; start < width * height; start += 1) {
    if (visited[start] || (map[start] ?? 0) <= threshold) continue;
    let size = 0;
    let sum = 0;
    let left = width;
    let top = height;
    let right = 0;
    let bottom = 0;
    let depth = 0;
    stack[depth++] = start;
    visited[start] = 1;
    while (depth > 0) {
      const index = stack[--depth] ?? 0;
      const x = index % width;
      const y = (index - x) / width;
      size += 1;
      sum += map[index] ?? 0;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      const push = (next: number) => {
        if (!visited[next] && (map[next] ?? 0) > threshold) {
          visited[next] = 1;
          stack[depth++] = next;
        }
      };
      if (x > 0) push(index - 1);
      if (x < width - 1) push(index + 1);
      if (y > 0) push(index - width);
      if (y < height - 1) push(index + width);
    }
    boxes.push({ left, top, right: right + 1, bottom: bottom + 1, score: sum / size });
  }
  return boxes;
}

/** Text boxes in map pixels, grown and clipped to the map. */
export function findTextBoxes(map: ArrayLike<number>, width: number, height: number, options: FindBoxesOptions = {}): ScoredBox[] {
  const { threshold = 0.3, minScore = 0.6, minSide = 3, unclipRatio = 1.5 } = options;
  const result: ScoredBox[] = [];
  for (const box of findComponents(map, width, height, threshold)) {
    const boxWidth = box.right - box.left;
    const boxHeight = box.bottom - box.top;
    if (Math.min(boxWidth, boxHeight) < minSide || box.score < minScore) continue;
    const distance = (boxWidth * boxHeight * unclipRatio) / (2 * (boxWidth + boxHeight));
    result.push({
      left: Math.max(0, Math.floor(box.left - distance)),
      top: Math.max(0, Math.floor(box.top - distance)),
      right: Math.min(width, Math.ceil(box.right + distance)),
      bottom: Math.min(height, Math.ceil(box.bottom + distance)),
      score: box.score,
    });
  }
  return result;
}
