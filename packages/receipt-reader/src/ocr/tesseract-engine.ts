import { parseReceiptTextWithEvidence } from '../parse/index';
import { createWorker, OEM, PSM, type LoggerMessage, type Worker } from 'tesseract.js';
import { toTesseractImage } from './decoded-pages';
import { collectReceiptGarbage } from './collect-garbage';
import { crossReadPage, type CrossReadResult, type LineCrossReader } from './cross-read';
import { rereadDoubtfulFields } from './field-rereads';
import { calculateWordConfidence, collectOcrLines, rereadLines, selectLinesToReread, type LineRead, type OcrLine } from './line-rereads';
import { readMissedHeaderLines } from './missed-header-lines';
import type { OcrProgressCallback, ReceiptOcrEngine, RecognizeOptions } from './ocr-types';
import { PaddleLineReader } from './paddle-line-reader';
import { clearDarkBorderOfPng, softenPrintOfPng } from './prepare-image';
import { resolveTrainedData, type TrainedDataVariant } from './traineddata';

export type { OcrProgress, OcrProgressCallback } from './ocr-types';

export interface OcrResult {
  text: string;
  /** Tesseract's mean word confidence for the page read, 0..100. */
  confidence: number;
  /** Header lines read again one by one, and how many of those re-reads replaced the page's line. */
  linesReread: number;
  linesReplaced: number;
  /** Total/date lines read again because the parse doubted those fields, and how many re-reads were kept. */
  fieldLinesReread: number;
  fieldLinesReplaced: number;
  /** Header bands the page read skipped and that were read again, and the lines that read added (missed-header-lines.ts). */
  missedBandsRead: number;
  missedLinesAdded: number;
  /** Lines read again by the second recogniser (cross-reads), and how many the merge changed. */
  crossLinesRead: number;
  crossLinesChanged: number;
  /** Refinement steps that failed and were skipped (e.g. cross-reads without their model), for the operator's log. */
  warnings: string[];
  /** The text before those field re-reads (page + header re-reads), for A/B measurements. */
  textBeforeFieldRereads: string;
  /** CPU milliseconds of the process spent on the field step (parse + re-reads), for A/B measurements. */
  fieldRereadCpuMs: number;
}

/**
 * A page read with fewer letters and digits than this failed: on SROIE dev, 8 pages came back with 0-114 of
 * them (the next fewest had 250) because a dark frame around the paper threw tesseract's page layout off.
 */
const WEAK_PAGE_CHARACTERS = 200;

/**
 * A page read less sure than this (tesseract's mean word confidence) whose line items do not add up to its total is
 * read again softened (softenPrintOfPng); that read is kept when its items do add up. On SROIE dev 45 of 487 pages
 * read below 60, and they held 19 of the 75 misread stores and 11 of the 18 misread totals.
 */
const UNSURE_PAGE_CONFIDENCE = 60;

function countAlphanumerics(text: string): number {
  return text.match(/[A-Za-z0-9]/g)?.length ?? 0;
}

export interface OcrEngineOptions {
  variant?: TrainedDataVariant;
  /**
   * Recognitions before the worker is replaced. Its WebAssembly heap only ever grows (measured: one
   * worker reached 580 MB RSS over 300 SROIE receipts vs ~400 MB for the largest single scans), and a
   * new worker costs ~0.5 s, so recycling every 20 jobs bounds memory for ~0.03 s per receipt.
   */
  maxJobsPerWorker?: number;
  /**
   * Re-read unsure header lines one at a time (PSM 7) after the page: +4 store names of 80 dev receipts
   * and +2 of 139 holdout ones for ~0.13 s CPU (bench/receipts/README.md, round 3). On by default.
   */
  isRereadingHeader?: boolean;
  /**
   * When the parse of the page text doubts the total (no independent sum confirms it) or found no date, re-read
   * the lines stating them one at a time and keep a re-read that makes the receipt consistent: on all 487 dev
   * receipts date +2, total +3 -1, ~1 in 6 receipts re-read, CPU median +0.01 s (bench/receipts/README.md,
   * round 6). On by default.
   */
  isRereadingDoubtfulFields?: boolean;
  /**
   * A second recogniser for the store, date and doubtful total lines (cross-read.ts, decision 0006); null turns
   * cross-reads off. Default: PP-OCRv4's recogniser, loaded on first use.
   */
  crossReader?: LineCrossReader | null;
  /**
   * Read a page again without its dark background when the first read finds almost nothing, and softened when it is
   * unsure and its items do not add up (UNSURE_PAGE_CONFIDENCE). On by default.
   */
  isRetryingWeakPages?: boolean;
  /** Read header rows the page read skipped (large print, missed-header-lines.ts). On by default. */
  isReadingMissedHeader?: boolean;
}

/**
 * One tesseract worker reused across files: creating one costs ~0.5 s and ~40 MB (traineddata load),
 * so it is created on first use and kept until terminate(). Recognitions are serialised because a worker
 * handles one job at a time and progress messages carry no per-call routing we could rely on.
 */
export class OcrEngine implements ReceiptOcrEngine {
  private workerPromise: Promise<Worker> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private currentProgress: OcrProgressCallback | undefined;
  private readonly variant: TrainedDataVariant;
  private readonly maxJobsPerWorker: number;
  private readonly isRereadingHeader: boolean;
  private readonly isRereadingDoubtfulFields: boolean;
  private readonly crossReader: LineCrossReader | null;
  private readonly isRetryingWeakPages: boolean;
  private readonly isReadingMissedHeader: boolean;
  private jobsOnWorker = 0;

  constructor(options: OcrEngineOptions = {}) {
    this.variant = options.variant ?? 'best_int';
    this.maxJobsPerWorker = options.maxJobsPerWorker ?? 20;
    this.isRereadingHeader = options.isRereadingHeader ?? true;
    this.isRereadingDoubtfulFields = options.isRereadingDoubtfulFields ?? true;
    this.crossReader = options.crossReader === undefined ? new PaddleLineReader() : options.crossReader;
    this.isRetryingWeakPages = options.isRetryingWeakPages ?? true;
    this.isReadingMissedHeader = options.isReadingMissedHeader ?? true;
  }

  recognize(page: Buffer, onProgress?: OcrProgressCallback, options: RecognizeOptions = {}): Promise<OcrResult> {
    const run = async (): Promise<OcrResult> => {
      let image = page;
      if (this.jobsOnWorker >= this.maxJobsPerWorker) await this.terminate();
      const worker = await this.getWorker(onProgress);
      this.jobsOnWorker += 1;
      this.currentProgress = onProgress;
      try {
        const needsLines = this.isRereadingHeader || this.isRereadingDoubtfulFields || this.crossReader !== null;
        const readPage = async (page: Buffer) => (await worker.recognize(toTesseractImage(page), {}, { text: true, blocks: needsLines })).data;
        let data = await readPage(image);
        // A second page read and the short line reads would restart progress at 0 after the page read reached 1.
        this.currentProgress = undefined;
        // A page read again as a variant of the image: kept with that image (the line re-reads then crop it) when better.
        const readVariant = async (variant: Buffer, isBetter: (text: string) => boolean) => {
          const retry = await readPage(variant);
          if (!isBetter(retry.text)) return;
          data = retry;
          image = variant;
        };
        if (this.isRetryingWeakPages && countAlphanumerics(data.text) < WEAK_PAGE_CHARACTERS) {
          // Without the dark background around the paper.
          const found = countAlphanumerics(data.text);
          await readVariant(await clearDarkBorderOfPng(image), (text) => countAlphanumerics(text) > found);
        }
        const addsUp = (text: string) => parseReceiptTextWithEvidence(text, { locale: options.locale }).parsed.consistency.isConsistent;
        if (this.isRetryingWeakPages && data.confidence < UNSURE_PAGE_CONFIDENCE && !addsUp(data.text)) {
          // Tesseract's confidence rose on most softened pages, read better or not; the receipt's own sums tell.
          await readVariant(await softenPrintOfPng(image), addsUp);
        }
        let lines = needsLines ? collectOcrLines(data.blocks) : [];
        // Replacing lines needs the page text to be exactly its lines; otherwise keep tesseract's text.
        const isLineExact = needsLines && lines.map((line) => line.text).join('') === data.text;
        const missed = this.isReadingMissedHeader && isLineExact ? await this.readMissedHeader(worker, image, lines) : null;
        if (missed) lines = missed.lines;
        const header = this.isRereadingHeader && isLineExact ? await this.rereadHeader(worker, image, lines) : null;
        if (header) lines = header.lines;
        // With lines added, the page text is no longer tesseract's; it is always its lines joined.
        let text = header?.text ?? (missed?.added ? lines.map((line) => line.text).join('') : data.text);
        const cross = this.crossReader && isLineExact ? await this.crossRead(this.crossReader, image, lines, options.locale) : null;
        if (cross && cross.changed > 0) {
          lines = cross.lines;
          text = lines.map((line) => line.text).join('');
        }
        const cpuBefore = process.cpuUsage();
        const fields = this.isRereadingDoubtfulFields && isLineExact ? await this.rereadFields(worker, image, lines, options.locale) : null;
        const cpu = process.cpuUsage(cpuBefore);
        return {
          text: fields?.text ?? text,
          confidence: data.confidence,
          linesReread: header?.reread ?? 0,
          linesReplaced: header?.replaced ?? 0,
          missedBandsRead: missed?.bands ?? 0,
          missedLinesAdded: missed?.added ?? 0,
          fieldLinesReread: fields?.reread ?? 0,
          fieldLinesReplaced: fields?.replaced ?? 0,
          crossLinesRead: cross?.read ?? 0,
          crossLinesChanged: cross?.changed ?? 0,
          warnings: [...(missed?.warnings ?? []), ...(cross?.warnings ?? [])],
          textBeforeFieldRereads: text,
          fieldRereadCpuMs: Math.round((cpu.user + cpu.system) / 1000),
        };
      } finally {
        this.currentProgress = undefined;
        // The garbage is the cross-reads' onnxruntime output; without them there is nothing worth a collection.
        if (this.crossReader) collectReceiptGarbage();
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Reads the header rows the page read skipped, in the page's own mode (PSM 6). */
  private async readMissedHeader(worker: Worker, image: Buffer, lines: OcrLine[]) {
    try {
      const result = await readMissedHeaderLines(image, lines, async (png) => collectOcrLines((await worker.recognize(png, {}, { text: true, blocks: true })).data.blocks));
      return { ...result, warnings: [] };
    } catch (error) {
      // Like the other re-reads, it only refines the page: a failed crop must not lose the receipt, but the operator's
      // log says it was skipped.
      const message = error instanceof Error ? error.message : String(error);
      return { lines, added: 0, bands: 0, warnings: [`missed header rows skipped: ${message}`] };
    }
  }

  /** Runs inside the queued job, so no other page is read while the worker is in single-line mode. */
  private async rereadHeader(worker: Worker, image: Buffer, lines: OcrLine[]) {
    const indexes = selectLinesToReread(lines);
    if (indexes.length === 0) return null;
    return this.inSingleLineMode(worker, (readLine) => rereadLines(image, lines, indexes, readLine));
  }

  /** Merges a second recogniser's read into the store, date and (when doubtful) total lines (cross-read.ts, crossReadPage). */
  private async crossRead(
    reader: LineCrossReader, image: Buffer, lines: OcrLine[], locale: string | undefined,
  ): Promise<CrossReadResult & { warnings: string[] }> {
    try {
      return { ...(await crossReadPage(image, lines, (page) => parseReceiptTextWithEvidence(page, { locale }), reader)), warnings: [] };
    } catch (error) {
      // A cross-read only refines the page text: without it the receipt is still read, as before.
      const message = error instanceof Error ? error.message : String(error);
      return { lines, reads: new Map(), read: 0, changed: 0, warnings: [`cross-reads skipped: ${message}`] };
    }
  }

  /** Parses the text so far; re-reads total/date lines only when the parse doubts them (field-rereads.ts). */
  private async rereadFields(worker: Worker, image: Buffer, lines: OcrLine[], locale: string | undefined) {
    return this.inSingleLineMode(worker, (readLine) =>
      rereadDoubtfulFields(image, lines, (text) => parseReceiptTextWithEvidence(text, { locale }), readLine),
    );
  }

  private async inSingleLineMode<T>(worker: Worker, run: (readLine: (png: Buffer) => Promise<LineRead>) => Promise<T>): Promise<T | null> {
    let isSingleLine = false;
    try {
      return await run(async (png) => {
        if (!isSingleLine) {
          await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE });
          isSingleLine = true;
        }
        const { data } = await worker.recognize(png, {}, { text: true, blocks: true });
        return { text: data.text, confidence: calculateWordConfidence(data.blocks) };
      });
    } catch {
      // A re-read only refines the page text: a failed crop or line must not lose the whole receipt.
      return null;
    } finally {
      if (isSingleLine) await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
    }
  }

  async terminate(): Promise<void> {
    const pending = this.workerPromise;
    this.workerPromise = undefined;
    this.jobsOnWorker = 0;
    await this.crossReader?.terminate();
    if (!pending) return;
    const worker = await pending.catch(() => undefined);
    await worker?.terminate();
  }

  private getWorker(onProgress?: OcrProgressCallback): Promise<Worker> {
    if (!this.workerPromise) {
      this.currentProgress = onProgress;
      this.workerPromise = this.startWorker();
      this.workerPromise.catch(() => {
        this.workerPromise = undefined;
      });
    }
    return this.workerPromise;
  }

  private async startWorker(): Promise<Worker> {
    // Throws before any worker thread exists: a missing file would otherwise crash the process.
    const trained = resolveTrainedData(this.variant);
    const worker = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: trained.langPath,
      gzip: trained.gzip,
      cacheMethod: 'none',
      workerBlobURL: false,
      logger: (message: LoggerMessage) => {
        this.currentProgress?.({ status: message.status, progress: message.progress });
      },
    });
    // PSM 6 (single uniform block) read dates and amounts better than automatic segmentation (issue #3).
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '1',
      // Tesseract retries low-confidence lines inverted (white on black); receipts never are, and it costs time.
      tessedit_do_invert: '0',
      // Prepared images and line crops carry no usable density, and tesseract then logged "Invalid
      // resolution" for most lines (287 times on 80 receipts). Measured on all 487 dev receipts:
      // identical store/date/total and CPU with 300, and the log stays readable for operators.
      user_defined_dpi: '300',
    });
    return worker;
  }
}
