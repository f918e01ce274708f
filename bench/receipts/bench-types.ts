export interface BenchTask {
  id: string;
  file: string;
  locale: string;
}

export interface BenchItem {
  name: string;
  quantity: number;
  price: number;
  discount: number;
}

export interface BenchResult {
  id: string;
  /** Wall time for this receipt (read + OCR + parse). */
  ms: number;
  /** CPU time of the worker process for this receipt: "seconds on one core", robust to a busy machine. */
  cpuMs: number;
  store: string | null;
  /** The seller's registration number read from the text (findSellerId), for the batch's store matching. */
  sellerId: string | null;
  date: string | null;
  total: number | null;
  items: BenchItem[];
  /** The parser's own check: the items, less discounts, plus tax, come to the total it read (no label needed). */
  isItemSumConsistent: boolean;
  /** Unless --no-field-rereads: lines re-read / kept, and the fields parsed from the text before those re-reads. */
  /** Unless --no-cross-reads: lines read by the second recogniser and changed by the merge (decision 0006). */
  crossReads?: { read: number; changed: number; isSkipped: boolean };
  missedHeader?: { bands: number; added: number };
  fieldRereads?: {
    reread: number;
    replaced: number;
    cpuMs: number;
    before: { store: string | null; date: string | null; total: number | null };
  };
}

export type BenchEngine = 'tesseract' | 'paddle';

export type WorkerMessage = {
  type: 'run';
  tasks: BenchTask[];
  cacheDir: string | null;
  isFromCache: boolean;
  isRereadingHeader: boolean;
  isRereadingDoubtfulFields: boolean;
  isCrossReading: boolean;
  isRetryingWeakPages: boolean;
  isReadingMissedHeader: boolean;
  engine: BenchEngine;
};

export type ParentMessage =
  { type: 'result'; result: BenchResult } | { type: 'error'; id: string; message: string } | { type: 'done'; peakRss: number };
