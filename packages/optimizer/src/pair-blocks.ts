import type { IntPriceTable } from './simd-kernels';

/** Cap slot of the pricer's IntPriceTable used here (NodePricer's own are 0-2). */
const PAIR_CAP_SLOT = 3;
export const PAIR_BLOCK_CAP_SLOTS = 4;
/**
 * SIMD chunks per row, four blocks each (a block: every fourth item of a chunk). On k4-iid last-slot
 * candidates that exact pricing then rejected, blocks of 8 / 16 / 32 / 64 items cut 99.96 / 99.5 / 96
 * / 83 % of them.
 */
const TARGET_CHUNKS = 3;
/** Above this the rows would grow the kernels' memory too far: the screen is left out. */
const MAX_REGION_BYTES = 12 << 20;
const NOT_READY = -0x80000000;
/** Visit costs the int32 screen accepts; a threshold below minus this lets every candidate through. */
const MAX_SCREEN_VISIT = 1 << 30;

/** Reused between solves: one total per row. */
let totalsPool = new Int32Array(0);

/** Row layout for a table of `stride` items: chunks of chunkLen items, rowLen int32 values a row. */
export function planPairBlocks(stride: number, nPositions: number): { chunkLen: number; rowLen: number; bytes: number } | null {
  const chunkLen = Math.max(4, Math.ceil(stride / TARGET_CHUNKS / 4) * 4);
  const rowLen = 4 * Math.ceil(stride / chunkLen);
  // Pair (x, y) keeps a row for each position after y: C(n, 3) rows over all pairs.
  const rows = (nPositions * (nPositions - 1) * (nPositions - 2)) / 6;
  // Then each position's visit cost and the screen's survivors, an int32 each per position.
  const bytes = (rows * rowLen + 2 * nPositions) * 4;
  return bytes <= MAX_REGION_BYTES ? { chunkLen, rowLen, bytes } : null;
}

/**
 * Screens the last slot of the K = 4 enumeration before exact pricing. For every pair of enumeration
 * positions (x, y) a branch meets, it keeps what each later position k saves on the caps of x and y
 * together, per block of items, in the kernels' memory. Caps only fall as stores are added, so on a
 * node holding x, y and z each block's saving is at most the least of the three pairs' values for that
 * block, and their sum bounds k's saving. The least of the three totals alone cut only about a third
 * of the candidates that pricing then rejected; block by block cuts almost all of them.
 */
export class PairBlocks {
  private readonly chunkLen: number;
  private readonly rowLen: number;
  /** Pair x * n + y -> row number r0 such that position k's row is r0 + k, or NOT_READY. */
  private readonly firstRowOf: Int32Array;
  private readonly totals: Int32Array;
  private usedRows = 0;

  /** Byte offsets of the visit costs (int32 per position) and of the screen's survivors. */
  private readonly visitAt: number;
  private readonly outAt: number;
  /** The whole-node screen needs visit costs that fit its int32 sums. */
  readonly canScreen: boolean;

  constructor(
    private readonly table: IntPriceTable,
    private readonly stores: Int32Array,
    layout: { chunkLen: number; rowLen: number },
    visit: Float64Array,
  ) {
    const n = stores.length;
    this.chunkLen = layout.chunkLen;
    this.rowLen = layout.rowLen;
    this.firstRowOf = new Int32Array(n * n).fill(NOT_READY);
    const rows = (n * (n - 1) * (n - 2)) / 6;
    if (totalsPool.length < rows) totalsPool = new Int32Array(rows);
    this.totals = totalsPool;
    this.visitAt = this.byteOffset(rows);
    this.outAt = this.visitAt + 4 * n;
    this.canScreen = visit.every((f) => Number.isInteger(f) && f >= 0 && f <= MAX_SCREEN_VISIT);
    if (this.canScreen) table.heap.set(visit, this.visitAt >> 2);
  }

  /** Whether all three pairs of the node a < b < c have their rows. */
  hasRows(a: number, b: number, c: number): boolean {
    const n = this.stores.length;
    const rows = this.firstRowOf;
    return rows[a * n + b] !== NOT_READY && rows[a * n + c] !== NOT_READY && rows[b * n + c] !== NOT_READY;
  }

  /**
   * The block bound of every candidate after c on the node a < b < c in one kernel call (their rows
   * must exist): returns how many candidates' bound minus visit cost exceeds `threshold`; they are
   * read with survivor(i), in ascending position.
   */
  screen(a: number, b: number, c: number, threshold: number): number {
    const n = this.stores.length;
    const k = c + 1;
    // Bounds are integers, so "above floor(threshold)" is the same test; every bound minus visit is
    // at least -MAX_SCREEN_VISIT, so a lower threshold lets all through, as it should.
    const whole = Math.floor(threshold);
    const clamped = whole < -MAX_SCREEN_VISIT - 1 ? -MAX_SCREEN_VISIT - 1 : whole > 0x7fffffff ? 0x7fffffff : whole;
    return this.table.screenLast(
      this.byteOffset(this.firstRowOf[a * n + b]! + k),
      this.byteOffset(this.firstRowOf[a * n + c]! + k),
      this.byteOffset(this.firstRowOf[b * n + c]! + k),
      this.rowLen * 4,
      this.visitAt + 4 * k,
      n - k,
      clamped,
      this.outAt,
    );
  }

  /** The position of the i-th candidate screen() let through, for the node whose newest position is c. */
  survivor(i: number, c: number): number {
    return this.table.heap[(this.outAt >> 2) + i]! + c + 1;
  }

  /** Pair (x, y)'s rows (x < y; only rows k > y exist), computed the first time it is asked for. */
  rowsOf(x: number, y: number): number {
    const n = this.stores.length;
    const known = this.firstRowOf[x * n + y]!;
    if (known !== NOT_READY) return known;
    const { table, stores, chunkLen, totals } = this;
    const first = this.usedRows - (y + 1);
    this.usedRows += n - y - 1;
    table.lower(0, stores[x]!, PAIR_CAP_SLOT);
    table.lower(PAIR_CAP_SLOT, stores[y]!, PAIR_CAP_SLOT);
    for (let k = y + 1; k < n; k++) {
      totals[first + k] = table.blockSavings(PAIR_CAP_SLOT, stores[k]!, chunkLen, this.byteOffset(first + k));
    }
    this.firstRowOf[x * n + y] = first;
    return first;
  }

  /** What k saves on the caps of the pair whose rows are `rows` (visit cost not included). */
  totalOf(rows: number, k: number): number {
    return this.totals[rows + k]!;
  }

  /** Block by block the least of three pairs' savings for k, summed (visit cost not included). */
  boundOf(rowsA: number, rowsB: number, rowsC: number, k: number): number {
    return this.table.minSum3(this.byteOffset(rowsA + k), this.byteOffset(rowsB + k), this.byteOffset(rowsC + k), this.rowLen);
  }

  private byteOffset(row: number): number {
    return this.table.extraOffset + row * this.rowLen * 4;
  }
}
