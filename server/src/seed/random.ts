export { createRandom } from '@cartwise/contracts/domain/random';

/** Shelf prices end in 9 above a dollar, as real ones do. */
export function toShelfPrice(cents: number): number {
  const rounded = Math.max(1, Math.round(cents));
  return rounded < 100 ? rounded : Math.round(rounded / 10) * 10 - 1;
}

/** Splits rows for multi-row inserts that stay under SQLite's and PostgreSQL's bound-parameter limits. */
export function chunk<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
