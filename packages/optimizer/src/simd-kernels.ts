import type { DenseProblem } from './prepare';
import { KERNELS_WASM_BASE64 } from './kernels-wasm';

/* The optimiser's densest loop, "what does store s save on these caps", run four items at a time in
 * WebAssembly SIMD on int32 copies of the prices. On the iid K = 3 and 4 instances it is about four
 * times the speed of the scalar JavaScript loop. Everything here is an accelerator: where WebAssembly
 * SIMD is missing or the numbers could overflow int32 sums, callers keep their scalar path. */

interface KernelExports {
  memory: WebAssembly.Memory;
  saving(cap: number, row: number, len: number): number;
  minInto(a: number, b: number, out: number, len: number): void;
  blockSavings(cap: number, row: number, len: number, chunkLen: number, out: number): number;
  minSum3(a: number, b: number, c: number, len: number): number;
  screenLast(
    ab: number,
    ac: number,
    bc: number,
    rowBytes: number,
    vecs: number,
    visit: number,
    count: number,
    threshold: number,
    out: number,
  ): number;
}

/** 4 MiB of kernel memory up front (64 KiB pages). */
const INITIAL_PAGES = 64;

/** Stands for "not sold here": above every cap, so max(0, cap - row) is 0 without overflowing. */
const NOT_SOLD = 2 ** 30;

let kernels: KernelExports | null | undefined;
let isEnabled = true;

/** Tests run the scalar path too; nothing else should need this. */
export function setSimdEnabled(value: boolean): void {
  isEnabled = value;
}

function loadKernels(): KernelExports | null {
  if (kernels !== undefined) return kernels;
  kernels = null;
  try {
    const binary = atob(KERNELS_WASM_BASE64);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    if (typeof WebAssembly === 'object' && WebAssembly.validate(bytes)) {
      kernels = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as KernelExports;
      // Growing a memory detaches its old ArrayBuffer, and V8's first detach in a process throws
      // away every optimised function that reads a typed array (its "no detach yet" assumption).
      // Grow once now, before any of them is optimised, and to a size that fits a 60-store,
      // 300-item list many times over. Measured: the first large solve after the CLI's warm-up
      // went 60, 170, 65 ... ms when the grow happened on it; about 9 ms with this.
      kernels.memory.grow(INITIAL_PAGES - kernels.memory.buffer.byteLength / 65536);
    }
  } catch {
    // A runtime without WebAssembly SIMD: the scalar loops remain.
  }
  return kernels;
}

/**
 * The dense price matrix and a few cap rows as int32 rows in the kernels' memory, each padded to a
 * multiple of four items (padding: NOT_SOLD prices, zero caps, so it never saves anything).
 * Cap slots are numbered by the caller.
 */
export class IntPriceTable {
  private constructor(
    private readonly k: KernelExports,
    readonly stride: number,
    private readonly nStores: number,
    /** Byte offset of the caller's extra region (after the cap slots). */
    readonly extraOffset: number,
    /** The kernels' memory as int32, for the extra region: valid for this table's solve (memory grows only in create). */
    readonly heap: Int32Array,
  ) {}

  /**
   * Null when SIMD is unavailable, or some value is not an integer or could overflow an int32 sum.
   * `extraBytes` reserves a region after the cap slots for the caller (at extraOffset; not zeroed).
   */
  static create(p: DenseProblem, base: Float64Array, capSlots: number, extraBytes = 0): IntPriceTable | null {
    const k = isEnabled ? loadKernels() : null;
    if (k === null) return null;
    const { nStores, nItems, cost } = p;
    const limit = Math.min(NOT_SOLD - 1, Math.floor((2 ** 31 - 1) / Math.max(1, nItems)));
    for (let j = 0; j < nItems; j++) if (!isSmallInteger(base[j]!, limit)) return null;
    for (let q = 0; q < cost.length; q++) {
      const c = cost[q]!;
      if (c !== Infinity && !isSmallInteger(c, limit)) return null;
    }
    const stride = (nItems + 3) & ~3;
    const bytes = (nStores + capSlots) * stride * 4 + extraBytes;
    const { memory } = k;
    if (memory.buffer.byteLength < bytes) memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / 65536));
    const heap = new Int32Array(memory.buffer, 0, (nStores + capSlots) * stride);
    for (let s = 0; s < nStores; s++) {
      const row = s * stride;
      for (let j = 0; j < nItems; j++) {
        const c = cost[s * nItems + j]!;
        heap[row + j] = c === Infinity ? NOT_SOLD : c;
      }
      heap.fill(NOT_SOLD, row + nItems, row + stride);
    }
    const table = new IntPriceTable(k, stride, nStores, (nStores + capSlots) * stride * 4, new Int32Array(memory.buffer));
    const capRow = table.capOffset(0) / 4;
    for (let j = 0; j < nItems; j++) heap[capRow + j] = base[j]!;
    heap.fill(0, capRow + nItems, capRow + stride);
    return table;
  }

  private capOffset(slot: number): number {
    return (this.nStores + slot) * this.stride * 4;
  }

  /** What store s saves on the caps in `slot` (visit cost not included). */
  saving(slot: number, s: number): number {
    return this.k.saving(this.capOffset(slot), s * this.stride * 4, this.stride);
  }

  /**
   * What store s saves on the caps in `slot`, per block: the row is cut into chunks of `chunkLen`
   * items (a multiple of 4) and each chunk's four SIMD lanes are four blocks, written as int32 values
   * from byte offset `out` on (4 * ceil(stride / chunkLen) of them). Returns their sum (visit cost not
   * included).
   */
  blockSavings(slot: number, s: number, chunkLen: number, out: number): number {
    return this.k.blockSavings(this.capOffset(slot), s * this.stride * 4, this.stride, chunkLen, out);
  }

  /** Sum over `len` int32 values (a multiple of 4) of the least of the three rows at byte offsets a, b, c. */
  minSum3(a: number, b: number, c: number, len: number): number {
    return this.k.minSum3(a, b, c, len);
  }

  /**
   * For candidates i < count with rows at byte offsets ab, ac, bc (+ i * rowBytes): writes from byte
   * offset `out` on each i whose sum of the least of the three rows over rowBytes / 4 values, minus
   * the int32 at visit + 4 i, exceeds `threshold`; returns how many.
   */
  screenLast(ab: number, ac: number, bc: number, rowBytes: number, visit: number, count: number, threshold: number, out: number): number {
    return this.k.screenLast(ab, ac, bc, rowBytes, rowBytes >> 4, visit, count, threshold, out);
  }

  /** Caps in `to` = caps in `from` lowered by store s's prices (`to` may be `from`). */
  lower(from: number, s: number, to: number): void {
    this.k.minInto(this.capOffset(from), s * this.stride * 4, this.capOffset(to), this.stride);
  }
}

function isSmallInteger(value: number, limit: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= limit;
}
