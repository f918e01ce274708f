/**
 * Answers kept in memory and sent again unchanged (a shopper's cached pantry, lists or dashboard part). The response
 * serializer writes each of them once per route and reuses the text: writing JSON was the biggest cost left in a
 * repeat read. A value marked here must never be changed afterwards; the caches already treat them as read-only.
 */
const reusable = new WeakSet<object>();

export function markReusable<T>(value: T): T {
  if (typeof value === 'object' && value !== null) reusable.add(value);
  return value;
}

export function isReusable(value: unknown): value is object {
  return typeof value === 'object' && value !== null && reusable.has(value);
}
