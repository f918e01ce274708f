import type { ParsedReceiptWithEvidence } from '../parse/index';
import type { ReceiptVocabulary } from '../parse/vocabulary/index';
import sharp from 'sharp';
import { getFieldLinePatterns } from './field-line-patterns';
import { cropLine, replaceLines, type LineRecognizer, type OcrLine } from './line-rereads';

/**
 * Targeted re-reads. After the page read and a first parse, only when the parse
 * doubts a field: no independent sum confirms the total -> the total/payment lines are read again one by one; no
 * date was found -> the date-like lines are. A re-read is kept only when it makes the receipt agree with itself
 * (the total then matches cash minus change, subtotal + tax, ...; a date is found). Tesseract's confidence is a
 * poor judge of digits, and re-reading a date line that was read (keeping another date read as surely) breaks as
 * many dates as it fixes, so a found date is left alone.
 */

/** An amount as tesseract reads it: digits around a decimal point, spaces allowed ("12 .50"). */
export const AMOUNT_LIKE = /\d\s?[.,]\s?\d\d(?!\d)/;
/** A bound on the work per receipt: a receipt with more candidate lines is read no further. */
export const MAX_FIELD_LINES = 10;

export interface FieldDoubts {
  isTotalDoubtful: boolean;
  isDateDoubtful: boolean;
}

export type ReceiptParser = (text: string) => ParsedReceiptWithEvidence;

/** True when an independent sum (cash minus change, subtotal + tax, GST summary, card, items) equals the total. */
export function isTotalSupported({ parsed, totalEvidence }: ParsedReceiptWithEvidence): boolean {
  const total = parsed.total.value;
  // Below 0.5 the total was not printed but taken from a payment or subtotal: the evidence is its own source.
  if (total === null || parsed.total.confidence < 0.5) return false;
  return totalEvidence.some((item) => Math.abs(item.value - total) < 0.005);
}

const PAYMENT_SOURCES: ReadonlySet<string> = new Set(['paid', 'cash', 'card']);

/**
 * True when only what was handed over (cash minus change, cash, card) confirms the total. Those lines share the
 * total's digits and OCR misreads them alike (`NET TOTAL 1.40` / `Cash 1.40` for 7.40), unlike a subtotal, tax
 * or item sum.
 */
export function isTotalSupportedOnlyByPayment(result: ParsedReceiptWithEvidence): boolean {
  if (!isTotalSupported(result)) return false;
  const total = result.parsed.total.value ?? Number.NaN;
  return result.totalEvidence.every((item) => Math.abs(item.value - total) >= 0.005 || PAYMENT_SOURCES.has(item.source));
}

/** The total is doubtful when no sum on the receipt confirms it; the date when none was read. */
export function assessFieldDoubts(result: ParsedReceiptWithEvidence): FieldDoubts {
  return { isTotalDoubtful: !isTotalSupported(result), isDateDoubtful: result.parsed.date.value === null };
}

/**
 * Index lists of the lines that state the total (or its parts and payment) and of those that look like a date, in the
 * words of the receipt's vocabulary (field-line-patterns.ts).
 */
export function findFieldLines(lineTexts: readonly string[], vocabulary: ReceiptVocabulary): { total: number[]; date: number[] } {
  const { totalWords, word, dateLike } = getFieldLinePatterns(vocabulary);
  const total: number[] = [];
  const date: number[] = [];
  lineTexts.forEach((text, index) => {
    const previous = lineTexts[index - 1] ?? '';
    const isLabelled = totalWords.test(text) && AMOUNT_LIKE.test(text);
    // An amount alone on its line belongs to the label above it ("TOTAL" / "12.50").
    const isAmountUnderLabel = AMOUNT_LIKE.test(text) && !word.test(text) && totalWords.test(previous);
    if (isLabelled || isAmountUnderLabel) total.push(index);
    if (dateLike.test(text)) date.push(index);
  });
  return { total, date };
}

/** Which lines to read again, in page order: none when the parse is sure of both fields. */
export function selectFieldLines(
  lineTexts: readonly string[],
  doubts: FieldDoubts,
  vocabulary: ReceiptVocabulary,
  maxLines = MAX_FIELD_LINES,
): number[] {
  const found = findFieldLines(lineTexts, vocabulary);
  const selected = new Set<number>([...(doubts.isTotalDoubtful ? found.total : []), ...(doubts.isDateDoubtful ? found.date : [])]);
  if (selected.size > maxLines) return [];
  return [...selected].sort((a, b) => a - b);
}

/**
 * Keeps a re-read only when it makes the receipt more consistent: an unconfirmed total becomes confirmed by an
 * independent sum, or (date lines) a date is found or found more surely while the total stays the same.
 */
export function isBetterFieldRead(before: ParsedReceiptWithEvidence, after: ParsedReceiptWithEvidence, isDateLine: boolean): boolean {
  if (!isTotalSupported(before) && isTotalSupported(after)) return true;
  if (!isDateLine || after.parsed.total.value !== before.parsed.total.value) return false;
  if (isTotalSupported(before) && !isTotalSupported(after)) return false;
  const date = after.parsed.date;
  return date.value !== null && (before.parsed.date.value === null || date.confidence > before.parsed.date.confidence);
}

export interface FieldRereadResult {
  text: string;
  reread: number;
  replaced: number;
}

/**
 * After the page read: parses the text and, when the total is unconfirmed or the date missing, re-reads the lines
 * stating them (isBetterFieldRead). Single-line reads at the page's scale (enlarging was not better). `lines` must
 * be exactly the page text, line by line (the header re-reads may already have replaced some).
 */
export async function rereadDoubtfulFields(
  png: Buffer,
  lines: readonly OcrLine[],
  parse: ReceiptParser,
  recognizeLine: LineRecognizer,
  vocabulary: ReceiptVocabulary,
): Promise<FieldRereadResult> {
  const texts = lines.map((line) => line.text);
  let current = parse(texts.join(''));
  const indexes = selectFieldLines(texts, assessFieldDoubts(current), vocabulary);
  if (indexes.length === 0) return { text: texts.join(''), reread: 0, replaced: 0 };
  const dateLines = new Set(findFieldLines(texts, vocabulary).date);
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const replacements = new Map<number, string>();
  let reread = 0;
  for (const index of indexes) {
    const line = lines[index];
    const crop = line ? await cropLine(png, { width, height }, line.bbox) : null;
    if (!crop) continue;
    reread += 1;
    const text = (await recognizeLine(crop)).text.replace(/\s*\n\s*/g, ' ').trim();
    if (text.length === 0) continue;
    const after = parse(replaceLines(lines, new Map(replacements).set(index, text)));
    if (isBetterFieldRead(current, after, dateLines.has(index))) {
      replacements.set(index, text);
      current = after;
    }
  }
  return { text: replaceLines(lines, replacements), reread, replaced: replacements.size };
}
