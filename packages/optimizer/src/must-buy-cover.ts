import type { DenseProblem } from './prepare';

/**
 * The must-buy items a branch of the small-limit enumeration has not covered yet, per depth, as
 * bitsets over the items uncovered at the root (the set only shrinks along a branch). With 30 % of
 * a 300-item list must-buy, filtering item lists for every candidate of every node was a third of
 * some solves; a candidate now costs one AND-NOT per 32 items.
 */
export class MustBuyCover {
  private readonly words: number;
  private readonly n: number;
  /** sells[q * words + w]: which root-uncovered items the store at enumeration position q sells. */
  private readonly sells: Int32Array;
  /** soldFrom[q * words + w]: what the stores at positions q and later sell between them. */
  private readonly soldFrom: Int32Array;
  private readonly sets: Int32Array[] = [];
  private readonly counts: number[] = [];

  constructor(p: DenseProblem, stores: Int32Array, rootUncovered: readonly number[]) {
    const n = stores.length;
    const words = (rootUncovered.length + 31) >>> 5;
    this.words = words;
    this.n = n;
    this.sells = new Int32Array(n * words);
    this.soldFrom = new Int32Array((n + 1) * words);
    stores.forEach((s, q) => {
      rootUncovered.forEach((j, bit) => {
        if (p.cost[s * p.nItems + j]! < Infinity) this.sells[q * words + (bit >>> 5)]! |= 1 << (bit & 31);
      });
    });
    for (let q = n - 1; q >= 0; q--) {
      for (let w = 0; w < words; w++) this.soldFrom[q * words + w] = this.soldFrom[(q + 1) * words + w]! | this.sells[q * words + w]!;
    }
    const root = new Int32Array(words);
    rootUncovered.forEach((_, bit) => (root[bit >>> 5]! |= 1 << (bit & 31)));
    this.sets.push(root);
    this.counts.push(rootUncovered.length);
  }

  /** How many must-buy items the branch at `depth` still misses. */
  count(depth: number): number {
    return this.counts[depth]!;
  }

  /** How many would still be missing after adding the store at position k (nothing is written). */
  countAfter(depth: number, k: number): number {
    const { words, sells } = this;
    const set = this.sets[depth]!;
    let count = 0;
    for (let w = 0; w < words; w++) count += countBits(set[w]! & ~sells[k * words + w]!);
    return count;
  }

  /** Writes depth + 1's set as depth's minus what position k sells; returns its size. */
  coverWith(depth: number, k: number): number {
    const { words, sells } = this;
    while (this.sets.length <= depth + 1) this.sets.push(new Int32Array(words));
    const from = this.sets[depth]!;
    const to = this.sets[depth + 1]!;
    let count = 0;
    for (let w = 0; w < words; w++) {
      const left = from[w]! & ~sells[k * words + w]!;
      to[w] = left;
      count += countBits(left);
    }
    this.counts[depth + 1] = count;
    return count;
  }

  /**
   * Necessary condition for covering what depth's set misses with at most `slots` stores after
   * position k. The cost bounds cannot cut such branches: an uncovered item is priced just above its
   * dearest offer, so a set that misses must-buy items looks almost as cheap as one that covers them.
   */
  canStillCover(depth: number, k: number, slots: number): boolean {
    if (slots === 0) return false;
    const { words, sells, soldFrom, n } = this;
    const set = this.sets[depth]!;
    const missing = this.counts[depth]!;
    // Every missing item needs some later store that sells it.
    for (let w = 0; w < words; w++) if ((set[w]! & ~soldFrom[(k + 1) * words + w]!) !== 0) return false;
    if (slots > 1 && missing <= slots) return true;
    let most = 0;
    for (let q = k + 1; q < n; q++) {
      let count = 0;
      for (let w = 0; w < words; w++) count += countBits(set[w]! & sells[q * words + w]!);
      if (count > most) most = count;
      if (most * slots >= missing && (slots > 1 || most === missing)) return true;
    }
    return false;
  }
}

function countBits(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
