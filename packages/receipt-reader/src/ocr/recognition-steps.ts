import { DEFAULT_RECEIPT_LOCALE, parseReceiptTextWithEvidence } from '../parse/index';
import { getVocabulary } from '../parse/vocabulary/index';
import { PSM, type Page, type Worker } from 'tesseract.js';
import { canCrossRead, crossReadPage, type LineCrossReader } from './cross-read';
import { toTesseractImage } from './decoded-pages';
import { rereadDoubtfulFields } from './field-rereads';
import { calculateWordConfidence, collectOcrLines, rereadLines, selectLinesToReread, type LineRead, type OcrLine } from './line-rereads';
import { readMissedHeaderLines } from './missed-header-lines';
import { clearDarkBorderOfPng, softenPrintOfPng } from './prepare-image';
import { countAlphanumerics } from './script-letters';

/** Which of the steps after the page read run (OcrEngineOptions, all on by default). */
export interface RecognitionSettings {
  isRetryingWeakPages: boolean;
  isReadingMissedHeader: boolean;
  isRereadingHeader: boolean;
  /** The second recogniser for cross-reads, or null for none. */
  crossReader: LineCrossReader | null;
  isRereadingDoubtfulFields: boolean;
}

/** The page as the steps leave it for the next one. */
export interface PageState {
  /** The image read: a variant replaces it when its read is kept (the line re-reads then crop it). */
  image: Buffer;
  page: Page;
  lines: OcrLine[];
  /** The page text is exactly its lines joined: only then can a step replace lines. */
  isLineExact: boolean;
  text: string;
  linesReread: number;
  linesReplaced: number;
  missedBandsRead: number;
  missedLinesAdded: number;
  crossLinesRead: number;
  crossLinesChanged: number;
  fieldLinesReread: number;
  fieldLinesReplaced: number;
  warnings: string[];
}

export interface StepContext {
  worker: Worker;
  settings: RecognitionSettings;
  locale: string | undefined;
  /** A second page read and the short line reads would restart the caller's progress at 0 after the page read reached 1. */
  silenceProgress: () => void;
}

export interface RecognitionStep {
  name: string;
  isEnabled: (settings: RecognitionSettings) => boolean;
  /** Skipped unless the page text is exactly its lines (PageState.isLineExact). */
  needsExactLines?: boolean;
  run: (state: PageState, context: StepContext) => Promise<void>;
}

/**
 * A page read with fewer letters and digits than this failed: a dark frame around the paper throws tesseract's page
 * layout off, and such reads come back nearly empty where readable pages give hundreds.
 */
const WEAK_PAGE_CHARACTERS = 200;

/**
 * A page read less sure than this (tesseract's mean word confidence) whose line items do not add up to its total is
 * read again softened (softenPrintOfPng); that read is kept when its items do add up.
 */
const UNSURE_PAGE_CONFIDENCE = 60;

export const FIELD_REREADS_STEP = 'field re-reads';

/** Lines are collected when a later step reads some of them again. */
function needsLines(settings: RecognitionSettings): boolean {
  return settings.isRereadingHeader || settings.isRereadingDoubtfulFields || settings.crossReader !== null;
}

function joinLines(lines: readonly OcrLine[]): string {
  return lines.map((line) => line.text).join('');
}

async function readPage(image: Buffer, context: StepContext): Promise<Page> {
  return (await context.worker.recognize(toTesseractImage(image), {}, { text: true, blocks: needsLines(context.settings) })).data;
}

/** The first read of the whole page (PSM 6), which every step after it refines. */
export async function readWholePage(image: Buffer, context: StepContext): Promise<PageState> {
  const page = await readPage(image, context);
  context.silenceProgress();
  return {
    image,
    page,
    lines: [],
    isLineExact: false,
    text: page.text,
    linesReread: 0,
    linesReplaced: 0,
    missedBandsRead: 0,
    missedLinesAdded: 0,
    crossLinesRead: 0,
    crossLinesChanged: 0,
    fieldLinesReread: 0,
    fieldLinesReplaced: 0,
    warnings: [],
  };
}

/** Reads the page again as a variant of its image, and keeps that read, with the image, when it is better. */
async function readVariant(state: PageState, context: StepContext, variant: Buffer, isBetter: (text: string) => boolean): Promise<void> {
  const retry = await readPage(variant, context);
  if (!isBetter(retry.text)) return;
  state.page = retry;
  state.image = variant;
  state.text = retry.text;
}

async function retryWithoutBackground(state: PageState, context: StepContext): Promise<void> {
  const found = countAlphanumerics(state.page.text);
  if (found >= WEAK_PAGE_CHARACTERS) return;
  await readVariant(state, context, await clearDarkBorderOfPng(state.image), (text) => countAlphanumerics(text) > found);
}

async function retrySoftened(state: PageState, context: StepContext): Promise<void> {
  const addsUp = (text: string) => parseReceiptTextWithEvidence(text, { locale: context.locale }).parsed.consistency.isConsistent;
  // Tesseract's confidence rose on most softened pages, read better or not; the receipt's own sums tell.
  if (state.page.confidence < UNSURE_PAGE_CONFIDENCE && !addsUp(state.page.text))
    await readVariant(state, context, await softenPrintOfPng(state.image), addsUp);
}

async function collectLines(state: PageState): Promise<void> {
  state.lines = collectOcrLines(state.page.blocks);
  state.isLineExact = joinLines(state.lines) === state.page.text;
}

/** Reads the header rows the page read skipped (large print), in the page's own mode (PSM 6). */
async function readMissedHeader(state: PageState, { worker }: StepContext): Promise<void> {
  try {
    const missed = await readMissedHeaderLines(state.image, state.lines, async (png) =>
      collectOcrLines((await worker.recognize(png, {}, { text: true, blocks: true })).data.blocks),
    );
    state.lines = missed.lines;
    // With lines added, the page text is no longer tesseract's; it is always its lines joined.
    if (missed.added) state.text = joinLines(state.lines);
    state.missedBandsRead = missed.bands;
    state.missedLinesAdded = missed.added;
  } catch (error) {
    // Like the other re-reads, it only refines the page: a failed crop must not lose the receipt, but the operator's
    // log says it was skipped.
    state.warnings.push(`missed header rows skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Re-reads unsure header lines one at a time (PSM 7): a line read alone is not disturbed by a logo or a column. */
async function rereadHeader(state: PageState, { worker }: StepContext): Promise<void> {
  const indexes = selectLinesToReread(state.lines);
  if (indexes.length === 0) return;
  const header = await inSingleLineMode(worker, (readLine) => rereadLines(state.image, state.lines, indexes, readLine));
  if (!header) return;
  state.lines = header.lines;
  state.text = header.text;
  state.linesReread = header.reread;
  state.linesReplaced = header.replaced;
}

/** Merges a second recogniser's read into the store, date and (when doubtful) total lines (cross-read.ts). */
async function crossRead(state: PageState, { settings, locale }: StepContext): Promise<void> {
  const receiptLocale = locale ?? DEFAULT_RECEIPT_LOCALE;
  if (!settings.crossReader || !canCrossRead(settings.crossReader, receiptLocale)) return;
  const vocabulary = getVocabulary(receiptLocale);
  const isKeepingAccentedLines = vocabulary.ocrLanguages.some((language) => language !== 'eng');
  try {
    const cross = await crossReadPage(
      state.image,
      state.lines,
      (page) => parseReceiptTextWithEvidence(page, { locale }),
      settings.crossReader,
      { vocabulary, isKeepingAccentedLines },
    );
    state.crossLinesRead = cross.read;
    state.crossLinesChanged = cross.changed;
    if (cross.changed > 0) {
      state.lines = cross.lines;
      state.text = joinLines(state.lines);
    }
  } catch (error) {
    // A cross-read only refines the page text: without it the receipt is still read, as before.
    state.warnings.push(`cross-reads skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Parses the text so far; re-reads total/date lines only when the parse doubts them (field-rereads.ts). */
async function rereadFields(state: PageState, { worker, locale }: StepContext): Promise<void> {
  const fields = await inSingleLineMode(worker, (readLine) =>
    rereadDoubtfulFields(
      state.image,
      state.lines,
      (text) => parseReceiptTextWithEvidence(text, { locale }),
      readLine,
      getVocabulary(locale ?? DEFAULT_RECEIPT_LOCALE),
    ),
  );
  if (!fields) return;
  state.text = fields.text;
  state.fieldLinesReread = fields.reread;
  state.fieldLinesReplaced = fields.replaced;
}

/** Runs line reads in single-line mode (PSM 7) and puts the worker back in block mode (PSM 6) after. */
async function inSingleLineMode<T>(worker: Worker, run: (readLine: (png: Buffer) => Promise<LineRead>) => Promise<T>): Promise<T | null> {
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

/** What follows the page read, in order; each step reads the state the one before it left. */
export const RECOGNITION_STEPS: readonly RecognitionStep[] = [
  { name: 'page without its dark background', isEnabled: (settings) => settings.isRetryingWeakPages, run: retryWithoutBackground },
  { name: 'unsure page softened', isEnabled: (settings) => settings.isRetryingWeakPages, run: retrySoftened },
  { name: 'page lines', isEnabled: needsLines, run: collectLines },
  { name: 'missed header rows', isEnabled: (settings) => settings.isReadingMissedHeader, needsExactLines: true, run: readMissedHeader },
  { name: 'header re-reads', isEnabled: (settings) => settings.isRereadingHeader, needsExactLines: true, run: rereadHeader },
  { name: 'cross-reads', isEnabled: (settings) => settings.crossReader !== null, needsExactLines: true, run: crossRead },
  { name: FIELD_REREADS_STEP, isEnabled: (settings) => settings.isRereadingDoubtfulFields, needsExactLines: true, run: rereadFields },
];
