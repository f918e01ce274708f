// Child process of the benchmark: reads receipts with its own OCR engine and reports time and memory.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseReceiptText } from '@cartwise/receipt-reader/parse/parse-receipt-text';
import { findSellerId } from '@cartwise/receipt-reader/parse/seller-ids';
import { configureSharpForOcr } from '@cartwise/receipt-reader/ocr/prepare-image';
import { readReceiptFile } from '@cartwise/receipt-reader/ocr/read-receipt-file';
import type { ReceiptOcrEngine } from '@cartwise/receipt-reader/ocr/ocr-types';
import { FIELD_REREADS_STEP, OcrEngine, type OcrResult, type RecognitionStepReport } from '@cartwise/receipt-reader/ocr/tesseract-engine';
import type { BenchResult, BenchTask, WorkerMessage } from './bench-types';

configureSharpForOcr();

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

/** The last tesseract result, to report the field re-reads next to the text they started from. */
let lastOcr: OcrResult | undefined;
/** The field re-reads step of the last receipt (the engine's onStep): the text before it and its CPU, for A/B figures. */
let lastFieldStep: RecognitionStepReport | undefined;

function recordFieldStep(report: RecognitionStepReport): void {
  if (report.name === FIELD_REREADS_STEP) lastFieldStep = report;
}

function recordResults(engine: ReceiptOcrEngine): ReceiptOcrEngine {
  return {
    recognize: async (...args) => {
      const result = await engine.recognize(...args);
      lastOcr = 'fieldLinesReread' in result ? (result as OcrResult) : undefined;
      return result;
    },
    terminate: () => engine.terminate(),
  };
}

async function runTask(
  task: BenchTask,
  engine: ReceiptOcrEngine,
  cacheDir: string | null,
  isFromCache: boolean,
  isRereadingFields: boolean,
): Promise<BenchResult> {
  lastOcr = undefined;
  lastFieldStep = undefined;
  const cacheFile = cacheDir ? path.join(cacheDir, `${task.id}.txt`) : null;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let text: string;
  let parsed;
  if (isFromCache && cacheFile) {
    text = await readFile(cacheFile, 'utf8');
    parsed = parseReceiptText(text, { locale: task.locale });
  } else {
    const result = await readReceiptFile(task.file, { locale: task.locale, engine });
    text = result.text;
    parsed = result.parsed;
    if (cacheFile) {
      await mkdir(path.dirname(cacheFile), { recursive: true });
      await writeFile(cacheFile, text);
    }
  }
  const cpu = process.cpuUsage(cpuBefore);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  // Set by the recording engine during readReceiptFile (TypeScript cannot see that assignment).
  const ocr = lastOcr as OcrResult | undefined;
  const fieldStep = lastFieldStep as RecognitionStepReport | undefined;
  // Parsed after the CPU reading: the A/B baseline is not part of the pipeline's cost.
  const before = ocr && fieldStep && ocr.fieldLinesReread > 0 ? parseReceiptText(fieldStep.textBefore, { locale: task.locale }) : parsed;
  return {
    id: task.id,
    ms: Math.round(performance.now() - started),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    store: parsed.store.value,
    sellerId: findSellerId(text),
    date: parsed.date.value,
    total: parsed.total.value,
    items: parsed.items.map((item) => ({ name: item.name, quantity: item.quantity, price: item.price, discount: item.discount })),
    isItemSumConsistent: parsed.consistency.isConsistent,
    missedHeader: ocr ? { bands: ocr.missedBandsRead, added: ocr.missedLinesAdded } : undefined,
    crossReads: ocr ? { read: ocr.crossLinesRead, changed: ocr.crossLinesChanged, isSkipped: ocr.warnings.length > 0 } : undefined,
    fieldRereads:
      ocr && isRereadingFields
        ? {
            reread: ocr.fieldLinesReread,
            replaced: ocr.fieldLinesReplaced,
            cpuMs: fieldStep?.cpuMs ?? 0,
            before: { store: before.store.value, date: before.date.value, total: before.total.value },
          }
        : undefined,
  };
}

process.on('message', (message: WorkerMessage) => {
  if (message.type !== 'run') return;
  void (async () => {
    // Loaded on demand so tesseract runs do not carry onnxruntime's native library.
    const engine: ReceiptOcrEngine =
      message.engine === 'paddle'
        ? new (await import('@cartwise/receipt-reader/ocr/paddle-engine')).PaddleOcrEngine()
        : new OcrEngine({
            isRereadingHeader: message.isRereadingHeader,
            isRereadingDoubtfulFields: message.isRereadingDoubtfulFields,
            isRetryingWeakPages: message.isRetryingWeakPages,
            isReadingMissedHeader: message.isReadingMissedHeader,
            ...(message.isCrossReading ? {} : { crossReader: null }),
            onStep: recordFieldStep,
          });
    for (const task of message.tasks) {
      try {
        const result = await runTask(
          task,
          message.engine === 'tesseract' ? recordResults(engine) : engine,
          message.cacheDir,
          message.isFromCache,
          message.isRereadingDoubtfulFields,
        );
        process.send?.({ type: 'result', result });
      } catch (error) {
        process.send?.({ type: 'error', id: task.id, message: error instanceof Error ? error.message : String(error) });
      }
    }
    await engine.terminate();
    clearInterval(sampler);
    process.send?.({ type: 'done', peakRss }, () => process.exit(0));
  })();
});
