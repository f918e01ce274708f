import type { DenseProblem } from './prepare';

export const FREE = 0;
export const OPEN = 1;
export const CLOSED = 2;

/**
 * Stand-in line cost for an uncovered must-buy item. Large enough that covering one more item
 * always beats any price difference, small enough that sums stay exact integers in a double.
 */
export const UNCOVERED = 1e12;

/** Cost of a store set in cents, >= UNCOVERED when a must-buy item is not covered. */
export function evaluateSet(p: DenseProblem, set: readonly number[]): number {
  const { nItems, cost, penalty } = p;
  const best = new Float64Array(nItems);
  for (let j = 0; j < nItems; j++) best[j] = penalty[j]! < Infinity ? penalty[j]! : UNCOVERED;
  let total = 0;
  // Store by store over contiguous rows: walking each item across the set's rows missed the cache.
  for (const s of set) {
    total += p.visit[s]!;
    const off = s * nItems;
    for (let j = 0; j < nItems; j++) if (cost[off + j]! < best[j]!) best[j] = cost[off + j]!;
  }
  for (let j = 0; j < nItems; j++) total += best[j]!;
  return total;
}

/**
 * Item cost of opening `set` on top of `cap` (per item, the cheapest of its cap and the set's prices),
 * UNCOVERED for an uncovered must-buy item; `lowered` is scratch, one entry per item.
 */
export function priceOnCaps(p: DenseProblem, cap: Float64Array, set: readonly number[], lowered: Float64Array): number {
  const { nItems, cost } = p;
  lowered.set(cap);
  for (const s of set) {
    const off = s * nItems;
    for (let j = 0; j < nItems; j++) if (cost[off + j]! < lowered[j]!) lowered[j] = cost[off + j]!;
  }
  let total = 0;
  for (let j = 0; j < nItems; j++) total += lowered[j]! === Infinity ? UNCOVERED : lowered[j]!;
  return total;
}

interface Move {
  delta: number;
  add: number;
  drop: number;
}

/**
 * Best-improvement local search with add, drop and swap moves; a greedy construction when it
 * starts from the locked stores alone. Swaps are priced for every (in, out) pair in one
 * O(stores * items) sweep using the best and second-best open price of each item.
 * `status` marks stores as FREE, OPEN (locked in) or CLOSED (never added).
 */
export function improveSet(p: DenseProblem, status: Uint8Array, start: readonly number[], limit: number): number[] {
  const { nItems, nStores, cost, visit, penalty } = p;
  const set = [...start];
  const isIn = new Uint8Array(nStores);
  for (const s of set) isIn[s] = 1;
  const best1 = new Float64Array(nItems);
  const best2 = new Float64Array(nItems);
  const who1 = new Int32Array(nItems);
  const dropLoss = new Float64Array(nStores);
  for (let guard = 0; guard < 4 * nStores + 10; guard++) {
    for (let j = 0; j < nItems; j++) {
      best1[j] = penalty[j]! < Infinity ? penalty[j]! : UNCOVERED;
      best2[j] = best1[j]!;
      who1[j] = -1;
    }
    for (const s of set) {
      const off = s * nItems;
      for (let j = 0; j < nItems; j++) {
        const c = cost[off + j]!;
        if (c < best1[j]!) {
          best2[j] = best1[j]!;
          best1[j] = c;
          who1[j] = s;
        } else if (c < best2[j]!) best2[j] = c;
      }
    }
    dropLoss.fill(0);
    for (let j = 0; j < nItems; j++) if (who1[j]! >= 0) dropLoss[who1[j]!]! += best2[j]! - best1[j]!;
    const move: Move = { delta: 0, add: -1, drop: -1 };
    for (const s of set) {
      if (status[s] === OPEN) continue;
      const delta = dropLoss[s]! - visit[s]!;
      if (delta < move.delta) Object.assign(move, { delta, add: -1, drop: s });
    }
    findEntering(p, status, set, isIn, best1, best2, who1, dropLoss, limit, move);
    if (move.delta >= 0) break;
    if (move.drop >= 0) {
      isIn[move.drop] = 0;
      set.splice(set.indexOf(move.drop), 1);
    }
    if (move.add >= 0) {
      isIn[move.add] = 1;
      set.push(move.add);
    }
  }
  return set;
}

function findEntering(
  p: DenseProblem,
  status: Uint8Array,
  set: readonly number[],
  isIn: Uint8Array,
  best1: Float64Array,
  best2: Float64Array,
  who1: Int32Array,
  dropLoss: Float64Array,
  limit: number,
  move: Move,
): void {
  const { nItems, nStores, cost, visit } = p;
  const extra = new Float64Array(nStores);
  for (let k = 0; k < nStores; k++) {
    if (isIn[k] || status[k] === CLOSED) continue;
    const off = k * nItems;
    let saving = 0;
    for (const s of set) extra[s] = 0;
    for (let j = 0; j < nItems; j++) {
      const c = cost[off + j]!;
      const b1 = best1[j]!;
      if (c < b1) saving += b1 - c;
      // If the item's best store leaves while k enters, k caps the loss at max(c, b1) instead of b2.
      if (who1[j]! >= 0 && c < best2[j]!) extra[who1[j]!]! += best2[j]! - (c > b1 ? c : b1);
    }
    if (set.length < limit) {
      const delta = visit[k]! - saving;
      if (delta < move.delta) Object.assign(move, { delta, add: k, drop: -1 });
    }
    for (const s of set) {
      if (status[s] === OPEN) continue;
      const delta = visit[k]! - saving - visit[s]! + dropLoss[s]! - extra[s]!;
      if (delta < move.delta) Object.assign(move, { delta, add: k, drop: s });
    }
  }
}
