import { createWorker, OEM, PSM, type LoggerMessage, type Worker } from 'tesseract.js';
import { DEFAULT_RECEIPT_LOCALE } from '../parse/index';
import { getVocabulary } from '../parse/vocabulary/index';
import { collectReceiptGarbage } from './collect-garbage';
import type { LineCrossReader } from './cross-read';
import type { OcrProgressCallback, ReceiptOcrEngine, RecognizeOptions } from './ocr-types';
import { PaddleLineReader } from './paddle-line-reader';
import { readWholePage, RECOGNITION_STEPS, type RecognitionSettings, type StepContext } from './recognition-steps';
import { prepareLanguageData, type TrainedDataVariant } from './traineddata';

export type { OcrProgress, OcrProgressCallback } from './ocr-types';
export { FIELD_REREADS_STEP } from './recognition-steps';

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
}

/** One step of the recognition done: its name, the page text before and after it, and the CPU it took. */
export interface RecognitionStepReport {
  name: string;
  textBefore: string;
  textAfter: string;
  cpuMs: number;
}

export interface OcrEngineOptions {
  variant?: TrainedDataVariant;
  /**
   * Recognitions before the worker is replaced. Its WebAssembly heap only ever grows (one worker reached 580 MB RSS
   * over 300 receipts against ~400 MB for the largest single scans), and a new worker costs ~0.5 s, so recycling every
   * 20 jobs bounds memory for ~0.03 s per receipt.
   */
  maxJobsPerWorker?: number;
  /** Re-read unsure header lines one at a time (PSM 7) after the page: store names read better alone. On by default. */
  isRereadingHeader?: boolean;
  /**
   * When the parse of the page text doubts the total (no independent sum confirms it) or found no date, re-read the
   * lines stating them one at a time and keep a re-read that makes the receipt consistent. On by default.
   */
  isRereadingDoubtfulFields?: boolean;
  /**
   * A second recogniser for the store, date and doubtful total lines (cross-read.ts, decision 0006); null turns
   * cross-reads off. Default: PP-OCRv4's recogniser, loaded on first use.
   */
  crossReader?: LineCrossReader | null;
  /**
   * Read a page again without its dark background when the first read finds almost nothing, and softened when it is
   * unsure and its items do not add up (recognition-steps.ts). On by default.
   */
  isRetryingWeakPages?: boolean;
  /** Read header rows the page read skipped (large print, missed-header-lines.ts). On by default. */
  isReadingMissedHeader?: boolean;
  /** Called after each step that ran, for measurements (the receipt bench); not needed to read receipts. */
  onStep?: (report: RecognitionStepReport) => void;
}

/**
 * One tesseract worker reused across files: creating one costs ~0.5 s and ~40 MB (traineddata load),
 * so it is created on first use and kept until terminate(). Recognitions are serialised because a worker
 * handles one job at a time and progress messages carry no per-call routing we could rely on.
 * Each receipt is read in its locale's languages (ocrLanguages of its vocabulary module): when they differ from the
 * worker's, the same worker is re-initialised with them, which is cheaper than a second worker (bench/receipts/README.md).
 */
export class OcrEngine implements ReceiptOcrEngine {
  private workerPromise: Promise<Worker> | undefined;
  /** The languages the worker reads now, joined as tesseract names them (`heb+eng`). */
  private workerLanguages = '';
  private queue: Promise<unknown> = Promise.resolve();
  private currentProgress: OcrProgressCallback | undefined;
  private readonly variant: TrainedDataVariant;
  private readonly maxJobsPerWorker: number;
  private readonly settings: RecognitionSettings;
  private readonly onStep: ((report: RecognitionStepReport) => void) | undefined;
  private jobsOnWorker = 0;

  constructor(options: OcrEngineOptions = {}) {
    this.variant = options.variant ?? 'best_int';
    this.maxJobsPerWorker = options.maxJobsPerWorker ?? 20;
    this.settings = {
      isRetryingWeakPages: options.isRetryingWeakPages ?? true,
      isReadingMissedHeader: options.isReadingMissedHeader ?? true,
      isRereadingHeader: options.isRereadingHeader ?? true,
      crossReader: options.crossReader === undefined ? new PaddleLineReader() : options.crossReader,
      isRereadingDoubtfulFields: options.isRereadingDoubtfulFields ?? true,
    };
    this.onStep = options.onStep;
  }

  recognize(page: Buffer, onProgress?: OcrProgressCallback, options: RecognizeOptions = {}): Promise<OcrResult> {
    const run = async (): Promise<OcrResult> => {
      if (this.jobsOnWorker >= this.maxJobsPerWorker) await this.terminate();
      const languages = getVocabulary(options.locale ?? DEFAULT_RECEIPT_LOCALE).ocrLanguages.join('+');
      const worker = await this.getWorker(languages, onProgress);
      this.jobsOnWorker += 1;
      this.currentProgress = onProgress;
      try {
        const context: StepContext = {
          worker,
          settings: this.settings,
          locale: options.locale,
          silenceProgress: () => {
            this.currentProgress = undefined;
          },
        };
        const state = await readWholePage(page, context);
        for (const step of RECOGNITION_STEPS) {
          if (!step.isEnabled(this.settings) || (step.needsExactLines && !state.isLineExact)) continue;
          const textBefore = state.text;
          const cpuBefore = this.onStep ? process.cpuUsage() : undefined;
          await step.run(state, context);
          if (cpuBefore) {
            const cpu = process.cpuUsage(cpuBefore);
            this.onStep?.({ name: step.name, textBefore, textAfter: state.text, cpuMs: Math.round((cpu.user + cpu.system) / 1000) });
          }
        }
        return {
          text: state.text,
          confidence: state.page.confidence,
          linesReread: state.linesReread,
          linesReplaced: state.linesReplaced,
          fieldLinesReread: state.fieldLinesReread,
          fieldLinesReplaced: state.fieldLinesReplaced,
          missedBandsRead: state.missedBandsRead,
          missedLinesAdded: state.missedLinesAdded,
          crossLinesRead: state.crossLinesRead,
          crossLinesChanged: state.crossLinesChanged,
          warnings: state.warnings,
        };
      } finally {
        this.currentProgress = undefined;
        // The garbage is the cross-reads' onnxruntime output; without them there is nothing worth a collection.
        if (this.settings.crossReader) collectReceiptGarbage();
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  async terminate(): Promise<void> {
    const pending = this.workerPromise;
    this.workerPromise = undefined;
    this.jobsOnWorker = 0;
    await this.settings.crossReader?.terminate();
    if (!pending) return;
    const worker = await pending.catch(() => undefined);
    await worker?.terminate();
  }

  private async getWorker(languages: string, onProgress?: OcrProgressCallback): Promise<Worker> {
    this.currentProgress = onProgress;
    if (!this.workerPromise) {
      this.workerLanguages = languages;
      this.workerPromise = this.startWorker(languages);
      this.workerPromise.catch(() => {
        this.workerPromise = undefined;
      });
      return this.workerPromise;
    }
    const worker = await this.workerPromise;
    if (languages !== this.workerLanguages) await this.switchLanguages(worker, languages);
    return worker;
  }

  private async startWorker(languages: string): Promise<Worker> {
    // Throws before any worker thread exists: a missing file would otherwise crash the process.
    const data = prepareLanguageData(languages.split('+'), this.variant);
    const worker = await createWorker(languages, OEM.LSTM_ONLY, {
      langPath: data.langPath,
      gzip: data.gzip,
      cacheMethod: 'none',
      workerBlobURL: false,
      logger: (message: LoggerMessage) => {
        this.currentProgress?.({ status: message.status, progress: message.progress });
      },
    });
    await configureWorker(worker);
    return worker;
  }

  /**
   * Re-initialises the worker in other languages. Tesseract starts a new engine then, without the parameters set on
   * the old one, so they are set again. A worker that failed half-way is dropped: the next job starts a fresh one.
   */
  private async switchLanguages(worker: Worker, languages: string): Promise<void> {
    prepareLanguageData(languages.split('+'), this.variant);
    this.workerLanguages = '';
    try {
      await worker.reinitialize(languages, OEM.LSTM_ONLY);
      await configureWorker(worker);
      this.workerLanguages = languages;
    } catch (error) {
      this.workerPromise = undefined;
      this.jobsOnWorker = 0;
      await worker.terminate();
      throw error;
    }
  }
}

async function configureWorker(worker: Worker): Promise<void> {
  // PSM 6 (single uniform block) reads dates and amounts better than automatic segmentation.
  await worker.setParameters({
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    preserve_interword_spaces: '1',
    // Tesseract retries low-confidence lines inverted (white on black); receipts never are, and it costs time.
    tessedit_do_invert: '0',
    // Prepared images and line crops carry no usable density, and tesseract then logs "Invalid resolution" for
    // most lines; 300 reads the same and keeps the log readable for operators.
    user_defined_dpi: '300',
  });
}
