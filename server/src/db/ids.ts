import crypto from 'node:crypto';

export function createId(): string {
  return crypto.randomUUID();
}

let lastOrderedMs = 0;
let orderedSequence = 0;

/**
 * A UUID (version 7) whose text sorts by creation time within the process: bulk inserts (a price import's rows)
 * append to the right edge of their primary-key index instead of dirtying a random page per row, and rows made
 * together sit together in every index keyed by them. The same ms takes the next of 4,096 sequence numbers; the
 * other 62 bits stay random.
 */
export function createOrderedId(): string {
  const now = Date.now();
  if (now > lastOrderedMs) {
    lastOrderedMs = now;
    orderedSequence = 0;
  } else if (++orderedSequence > 0xfff) {
    lastOrderedMs += 1;
    orderedSequence = 0;
  }
  const time = lastOrderedMs.toString(16).padStart(12, '0');
  const random = crypto.randomUUID();
  const sequence = orderedSequence.toString(16).padStart(3, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${sequence}${random.slice(18)}`;
}

export function nowIso(): string {
  return new Date().toISOString();
}

export function toFlag(value: boolean): number {
  return value ? 1 : 0;
}

export function isFlagSet(value: number | boolean | null | undefined): boolean {
  return value === true || value === 1;
}
