import { readFile } from 'node:fs/promises';
import { parseReceiptText, type TParsedReceipt } from '../parse/index';
import { extractPdfText } from './pdf-text';
import { prepareImage } from './prepare-image';
import { sniffContentType, type ReceiptContentType } from './sniff-content-type';
import type { OcrProgressCallback, ReceiptOcrEngine } from './ocr-types';
import { OcrEngine } from './tesseract-engine';

export interface ReadReceiptOptions {
  /** BCP 47 tag used for day/month order and currency. */
  locale?: string;
  onProgress?: OcrProgressCallback;
  /** Reuse one engine across many files; a shared default (tesseract) engine is used otherwise. */
  engine?: ReceiptOcrEngine;
}

export interface ReadReceiptResult {
  text: string;
  parsed: TParsedReceipt;
  /** Wall time of reading + OCR + parsing. */
  ms: number;
  source: 'ocr' | 'pdf' | 'text';
  contentType: ReceiptContentType;
  /** The OCR engine's mean confidence (0..100) for images, null otherwise. */
  ocrConfidence: number | null;
  /** Refinement steps of the OCR that failed and were skipped; the receipt was still read. */
  warnings: string[];
}

export class UnsupportedReceiptError extends Error {
  constructor(readonly contentType: ReceiptContentType) {
    super(
      contentType === 'heic'
        ? 'HEIC photos are not supported yet; export the photo as JPEG and upload it again.'
        : 'Unsupported file: upload a JPEG, PNG or WebP photo, a PDF e-receipt or a text file.',
    );
    this.name = 'UnsupportedReceiptError';
  }
}

let defaultEngine: OcrEngine | undefined;

/** The process-wide engine, created lazily so importing this module costs nothing. */
export function getDefaultOcrEngine(): OcrEngine {
  defaultEngine ??= new OcrEngine();
  return defaultEngine;
}

export async function terminateDefaultOcrEngine(): Promise<void> {
  const engine = defaultEngine;
  defaultEngine = undefined;
  await engine?.terminate();
}

/** Extracts text from an image, PDF or text receipt (decided by magic bytes), then parses it. */
export async function readReceiptFile(input: string | Buffer, options: ReadReceiptOptions = {}): Promise<ReadReceiptResult> {
  const started = performance.now();
  const buffer = typeof input === 'string' ? await readFile(input) : input;
  const contentType = sniffContentType(buffer);
  let text: string;
  let source: ReadReceiptResult['source'];
  let ocrConfidence: number | null = null;
  let warnings: string[] = [];
  if (contentType === 'jpeg' || contentType === 'png' || contentType === 'webp') {
    const image = await prepareImage(buffer);
    const engine = options.engine ?? getDefaultOcrEngine();
    const result = await engine.recognize(image.data, options.onProgress, { locale: options.locale });
    text = result.text;
    ocrConfidence = result.confidence;
    warnings = result.warnings ?? [];
    source = 'ocr';
  } else if (contentType === 'pdf') {
    text = await extractPdfText(buffer);
    source = 'pdf';
  } else if (contentType === 'text') {
    text = buffer.toString('utf8');
    source = 'text';
  } else {
    throw new UnsupportedReceiptError(contentType);
  }
  const parsed = parseReceiptText(text, { locale: options.locale });
  return { text, parsed, ms: Math.round(performance.now() - started), source, contentType, ocrConfidence, warnings };
}

/** Parses already-extracted text (e.g. pasted by the user); same result shape as readReceiptFile. */
export function readReceiptText(text: string, locale?: string): ReadReceiptResult {
  const started = performance.now();
  const parsed = parseReceiptText(text, { locale });
  return {
    text,
    parsed,
    ms: Math.round(performance.now() - started),
    source: 'text',
    contentType: 'text',
    ocrConfidence: null,
    warnings: [],
  };
}
