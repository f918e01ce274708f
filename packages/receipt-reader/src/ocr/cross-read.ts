import { findAmounts, getScript } from '../parse/index';
import type { ReceiptVocabulary } from '../parse/vocabulary/index';
import { getFieldLinePatterns, type FieldLinePatterns } from './field-line-patterns';
import { AMOUNT_LIKE, findFieldLines, isTotalSupported, isTotalSupportedOnlyByPayment, type ReceiptParser } from './field-rereads';
import { selectLinesToReread, type LineBox, type LineRead, type OcrLine } from './line-rereads';
import { mergeReads, type MergeOptions } from './merge-reads';

/**
 * Cross-reads (decision 0006): after tesseract's page read, the lines that
 * carry the store name, the date and (when no sum other than the payment confirms it) the total are read again by a
 * second, differently trained recogniser, PP-OCRv4's, and each line becomes the merge of both reads
 * (merge-reads.ts). Unlike a second tesseract read, which repeats its own mistakes, the other model's letters and
 * digits are mostly right where tesseract's are wrong, and tesseract supplies the spaces and punctuation the other
 * model loses.
 */
export interface LineCrossReader {
  /**
   * The scripts it reads (ISO 15924, as Intl.Locale names them: Latn, Hans): receipts of a locale written in another
   * script are not cross-read, as its reads of their lines would be letters of the wrong script.
   */
  scripts: readonly string[];
  /** Reads each box of the prepared page image as one line; results in the order of `boxes`. */
  readLines(png: Buffer, boxes: readonly LineBox[]): Promise<LineRead[]>;
  terminate(): Promise<void>;
}

/** True when the reader reads the script of the receipt's locale (BCP 47 tag). */
export function canCrossRead(reader: LineCrossReader, locale: string): boolean {
  const script = getScript(locale);
  return script !== undefined && reader.scripts.includes(script);
}

/** The store name and its legal name are among the first text lines (those that could hold a name are read). */
export const CROSS_READ_HEADER_LINES = 4;
/** Header lines worth a second read for the store name: not a registration number, contact or postcode line. */
function couldNameStore(text: string, patterns: FieldLinePatterns): boolean {
  const rest = text.replace(patterns.registrationNumber, ' ');
  return rest.replace(patterns.notLetter, '').length >= 4 && !patterns.contactOrAddress.test(rest);
}
/** A bound on the work per receipt; lines past it (rare: long receipts full of times or amounts) keep tesseract's read. */
export const MAX_CROSS_READ_LINES = 12;

/** The lines cross-read on every receipt (header lines that could name the store, then date lines) and the total's. */
interface CrossReadCandidates {
  always: number[];
  total: number[];
}

/** A total or payment label (`Total Sales Inclusive GST`, `Change`) on a line whose amount tesseract did not read as one. */
function hasUnreadAmount(text: string, patterns: FieldLinePatterns): boolean {
  const label = patterns.totalLabel.exec(text);
  return (
    label !== null &&
    !patterns.notTotalLabel.test(text) &&
    !AMOUNT_LIKE.test(text) &&
    /\S{2,}/.test(text.slice(label.index + label[0].length))
  );
}

function findCrossReadCandidates(lines: readonly OcrLine[], vocabulary: ReceiptVocabulary): CrossReadCandidates {
  const patterns = getFieldLinePatterns(vocabulary);
  const header = selectLinesToReread(lines, CROSS_READ_HEADER_LINES, Number.POSITIVE_INFINITY).filter((index) =>
    couldNameStore(lines[index]?.text ?? '', patterns),
  );
  const texts = lines.map((line) => line.text);
  const found = findFieldLines(texts, vocabulary);
  // Lines that state the total or payment but whose amount tesseract garbled (`Change   38 00`, `Total Sales ... A800`):
  // the other recogniser may read the amount.
  const garbled = texts.flatMap((text, index) => (hasUnreadAmount(text, patterns) ? [index] : []));
  return { always: [...header, ...found.date], total: [...new Set([...found.total, ...garbled])].sort((a, b) => a - b) };
}

function pickCrossReadLines({ always, total }: CrossReadCandidates, isTotalDoubtful: boolean, maxLines = MAX_CROSS_READ_LINES): number[] {
  return [...new Set([...always, ...(isTotalDoubtful ? total : [])])].slice(0, maxLines).sort((a, b) => a - b);
}

/**
 * Header lines that could name the store, date-like lines and, when the total is doubtful, the lines stating it or
 * its parts, in page order.
 */
export function selectCrossReadLines(
  lines: readonly OcrLine[],
  isTotalDoubtful: boolean,
  vocabulary: ReceiptVocabulary,
  maxLines = MAX_CROSS_READ_LINES,
): number[] {
  return pickCrossReadLines(findCrossReadCandidates(lines, vocabulary), isTotalDoubtful, maxLines);
}

export interface CrossReadOptions {
  /** The receipt's words: which lines name the store, the date and the total (field-line-patterns.ts). */
  vocabulary: ReceiptVocabulary;
  /**
   * Leave lines with letters beyond ASCII as tesseract read them. On for receipts in languages that print such
   * letters: PP-OCR's dictionary lacks most of them (Ä, Ö, ß, Ñ, Ç) and the merge then turns BÄCKEREI into
   * BACKEREI. Off for English, where such a letter is tesseract's misreading.
   */
  isKeepingAccentedLines: boolean;
}

const NON_ASCII_LETTER = /(?![A-Za-z])\p{L}/u;

function keepAccentedLines(candidates: CrossReadCandidates, lines: readonly OcrLine[], options: CrossReadOptions): CrossReadCandidates {
  if (!options.isKeepingAccentedLines) return candidates;
  const isPlain = (index: number) => !NON_ASCII_LETTER.test(lines[index]?.text ?? '');
  return { always: candidates.always.filter(isPlain), total: candidates.total.filter(isPlain) };
}

/**
 * Cross-reads a page: header and date lines always; the total lines when no sum confirms the total, and also when
 * only the payment does (it shares the total's misread digits). In that last case the total lines' merges are
 * kept only if the merged receipt's total is still confirmed: a merge must not trade a confirmed total for another.
 */
export async function crossReadPage(
  png: Buffer,
  lines: readonly OcrLine[],
  parse: ReceiptParser,
  reader: LineCrossReader,
  options: CrossReadOptions,
): Promise<CrossReadResult> {
  const before = parse(lines.map((line) => line.text).join(''));
  const isPaymentOnly = isTotalSupportedOnlyByPayment(before);
  const candidates = keepAccentedLines(findCrossReadCandidates(lines, options.vocabulary), lines, options);
  const indexes = pickCrossReadLines(candidates, isPaymentOnly || !isTotalSupported(before));
  const result = await crossReadLines(png, lines, indexes, reader);
  if (!isPaymentOnly) return isTotalSupported(before) ? result : confirmTotalFromUnsureDigits(lines, result, candidates.total, parse);
  const checked = new Set(pickCrossReadLines(candidates, false));
  const totalOnly = indexes.filter((index) => !checked.has(index) && result.lines[index] !== lines[index]);
  if (totalOnly.length === 0 || isTotalSupported(parse(result.lines.map((line) => line.text).join('')))) return result;
  const kept = result.lines.map((line, index) => (totalOnly.includes(index) ? (lines[index] as OcrLine) : line));
  return { ...result, lines: kept, changed: result.changed - totalOnly.length };
}

/**
 * The merge leaves out the other read's characters it is unsure of, and in amounts those are often the digits tesseract
 * got wrong (`TOTAL 14.00` against PP-OCR's `TOTAL 16.00` under `SUB-TOTAL 16.00`). When the total is still
 * confirmed by nothing after the merge, the total lines are merged again taking every character of the other read,
 * and kept only if a sum on the receipt then confirms the total.
 */
function confirmTotalFromUnsureDigits(
  lines: readonly OcrLine[],
  result: CrossReadResult,
  totalIndexes: readonly number[],
  parse: ReceiptParser,
): CrossReadResult {
  const merged = result.lines.map((line) => line.text).join('');
  if (isTotalSupported(parse(merged))) return result;
  const retried = [...result.lines];
  let changed = 0;
  for (const index of totalIndexes) {
    const read = result.reads.get(index);
    const line = lines[index];
    if (!read || !line) continue;
    const text = mergeLine(line, read, { minCharacterConfidence: 0 });
    if (text === retried[index]?.text) continue;
    retried[index] = { ...line, text };
    changed += 1;
  }
  if (changed === 0) return result;
  const after = parse(retried.map((line) => line.text).join(''));
  // The total must be one the retried lines state: taking a wrong digit in a part (`Total 0% supplies: 3.44` for 23.44)
  // can make a sum agree with a total the receipt never printed.
  const total = after.parsed.total.value;
  const isStated =
    total !== null &&
    totalIndexes.some(
      (index) =>
        retried[index] !== result.lines[index] &&
        findAmounts(retried[index]?.text ?? '').some((amount) => Math.abs(amount.value - total) < 0.005),
    );
  if (!isStated || !isTotalSupported(after)) return result;
  return { ...result, lines: retried, changed: retried.filter((line, index) => line !== lines[index]).length };
}

function mergeLine(line: OcrLine, read: LineRead, options?: MergeOptions): string {
  const body = line.text.replace(/\s+$/, '');
  const text = mergeReads(body, read.text, read.characterConfidences, options);
  return text === body ? line.text : text + (/\s*$/.exec(line.text)?.[0] ?? '');
}

export interface CrossReadResult {
  /** The page lines with the merged reads in place (same boxes and confidences). */
  lines: OcrLine[];
  /** The other recogniser's read of each line it read, by line index. */
  reads: Map<number, LineRead>;
  /** Lines read by the other recogniser, and how many of them the merge changed. */
  read: number;
  changed: number;
}

export async function crossReadLines(
  png: Buffer,
  lines: readonly OcrLine[],
  indexes: readonly number[],
  reader: LineCrossReader,
): Promise<CrossReadResult> {
  const selected = indexes.filter((index) => lines[index] !== undefined);
  if (selected.length === 0) return { lines: [...lines], reads: new Map(), read: 0, changed: 0 };
  const reads = await reader.readLines(
    png,
    selected.map((index) => (lines[index] as OcrLine).bbox),
  );
  const merged = [...lines];
  const byIndex = new Map<number, LineRead>();
  let changed = 0;
  selected.forEach((index, position) => {
    const line = lines[index] as OcrLine;
    const read = reads[position] ?? { text: '', confidence: 0 };
    byIndex.set(index, read);
    const text = mergeLine(line, read);
    if (text === line.text) return;
    changed += 1;
    merged[index] = { ...line, text };
  });
  return { lines: merged, reads: byIndex, read: selected.length, changed };
}
