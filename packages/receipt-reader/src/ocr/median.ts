/** The middle value (the upper one of an even count), or `empty` when there are none. */
export function findMedian(values: ArrayLike<number>, empty = 0): number {
  if (values.length === 0) return empty;
  const sorted = Float64Array.from(values).sort();
  return sorted[sorted.length >> 1] ?? empty;
}
