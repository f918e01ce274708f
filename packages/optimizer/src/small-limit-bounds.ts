import type { DenseProblem } from './prepare';

/* Bound tables shared by the small-limit enumeration (small-limit.ts): modular bounds placed in the
 * enumeration's store order, the per-node saving helpers, and how much root bound it gets. */

/** cost(forced + T) >= constant + sum_{s in T} rho[s] for every set T of free stores. */
export interface ModularBound {
  constant: number;
  rho: Float64Array;
}

export interface PositionedBound {
  constant: number;
  rho: Float64Array;
  /** suffixNeg[r][k]: sum of the r most negative rho among positions >= k (0 when none). */
  suffixNeg: Float64Array[];
  /** Per depth: sum of rho along the current path. */
  pathSum: Float64Array;
}

export function positionBound(bound: ModularBound, stores: Int32Array, maxR: number): PositionedBound {
  const n = stores.length;
  const rho = Float64Array.from(stores, (s) => bound.rho[s]!);
  const suffixNeg = [new Float64Array(n + 1)];
  for (let r = 1; r <= maxR; r++) {
    const out = new Float64Array(n + 1);
    const top: number[] = [];
    let sum = 0;
    for (let k = n - 1; k >= 0; k--) {
      const v = rho[k]!;
      if (v < 0) {
        if (top.length < r) {
          top.push(v);
          sum += v;
        } else {
          let maxAt = 0;
          for (let q = 1; q < top.length; q++) if (top[q]! > top[maxAt]!) maxAt = q;
          if (v < top[maxAt]!) {
            sum += v - top[maxAt]!;
            top[maxAt] = v;
          }
        }
      }
      out[k] = sum;
    }
    suffixNeg.push(out);
  }
  return { constant: bound.constant, rho, suffixNeg, pathSum: new Float64Array(maxR + 2) };
}

export function lowerInto(p: DenseProblem, cap: Float64Array, s: number): void {
  const { nItems, cost } = p;
  const off = s * nItems;
  for (let j = 0; j < nItems; j++) {
    const c = cost[off + j]!;
    if (c < cap[j]!) cap[j] = c;
  }
}

/** Saving of opening s on top of `cap`: sum_j max(0, cap_j - c_sj) - f_s. */
export function savingOf(p: DenseProblem, cap: Float64Array, s: number): number {
  const { nItems, cost } = p;
  const off = s * nItems;
  let saving = -p.visit[s]!;
  for (let j = 0; j < nItems; j++) {
    const d = cap[j]! - cost[off + j]!;
    // Branch-free: whether a store undercuts the cap is close to a coin flip per item.
    saving += d > 0 ? d : 0;
  }
  return saving;
}

/** out[k] = sum of the best r positive values among positions k+1 .. to-1, for k in from .. to. */
export function suffixTopSums(values: Float64Array, from: number, to: number, r: number, out: Float64Array): void {
  out.fill(0, from, to + 1);
  if (r <= 0) return;
  const top: number[] = [];
  let sum = 0;
  for (let k = to - 1; k >= from; k--) {
    out[k] = sum;
    const v = values[k]!;
    if (v <= 0) continue;
    if (top.length < r) {
      top.push(v);
      sum += v;
      continue;
    }
    let minAt = 0;
    for (let q = 1; q < top.length; q++) if (top[q]! < top[minAt]!) minAt = q;
    if (v > top[minAt]!) {
      sum += v - top[minAt]!;
      top[minAt] = v;
    }
  }
}

/** How much root Lagrangian work the small-limit enumeration gets (see planRootBound). */
export interface RootBoundPlan {
  /** Multiplier evaluations after lambda = 0 (computeBound's pattern search). */
  evaluations: number;
  /** Also snapshot the duals at 0.6x and 1.6x the best multiplier: two more ascents. */
  isWidened: boolean;
  /** Enumerate stores by ascending reduced cost instead of by single-store saving. */
  isOrderedByRho: boolean;
  /**
   * Polish the root's dual-heuristic set by local search. At K = 4 the enumeration finds as good an
   * incumbent itself, and is faster without it.
   */
  isPolished: boolean;
}

/**
 * With exact SIMD pricing the enumeration is cheap, and the root's nine ascents cost more than their
 * cuts save at small limits: K = 3 gets no root bound. At K = 4 flat prices need the cuts, so K = 4
 * gets two ascents and keeps the saving order; at K = 5 the full root bound stays.
 */
export function planRootBound(slots: number): RootBoundPlan | null {
  if (slots <= 3) return null;
  if (slots === 4) return { evaluations: 1, isWidened: false, isOrderedByRho: false, isPolished: false };
  return { evaluations: 6, isWidened: true, isOrderedByRho: true, isPolished: true };
}
