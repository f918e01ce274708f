import { findFieldLines } from './field-rereads';
import { selectLinesToReread, type LineBox, type LineRead, type OcrLine } from './line-rereads';
import { mergeReads } from './merge-reads';

/**
 * Cross-reads (decision 0006, bench/receipts/README.md round 8): after tesseract's page read, the lines that carry
 * the store name, the date and (when no sum confirms it) the total are read again by a second, differently trained
 * recogniser, PP-OCRv4's, and each line becomes the merge of both reads (merge-reads.ts). Unlike a second tesseract
 * read, which repeats its own mistakes, the other model's letters and digits are mostly right where tesseract's
 * are wrong, and tesseract supplies the spaces and punctuation the other model loses.
 */
export interface LineCrossReader {
  /** Reads each box of the prepared page image as one line; results in the order of `boxes`. */
  readLines(png: Buffer, boxes: readonly LineBox[]): Promise<LineRead[]>;
  terminate(): Promise<void>;
}

/** The store name and its legal name are among the first text lines. */
export const CROSS_READ_HEADER_LINES = 3;
/** A bound on the work per receipt; lines past it (rare: long receipts full of times or amounts) keep tesseract's read. */
export const MAX_CROSS_READ_LINES = 12;

/** Header lines, date-like lines and, when the total is doubtful, the lines stating it or its parts, in page order. */
export function selectCrossReadLines(lines: readonly OcrLine[], isTotalDoubtful: boolean, maxLines = MAX_CROSS_READ_LINES): number[] {
  const header = selectLinesToReread(lines, CROSS_READ_HEADER_LINES, Number.POSITIVE_INFINITY);
  const found = findFieldLines(lines.map((line) => line.text));
  const ordered = [...header, ...found.date, ...(isTotalDoubtful ? found.total : [])];
  return [...new Set(ordered)].slice(0, maxLines).sort((a, b) => a - b);
}

export interface CrossReadResult {
  /** The page lines with the merged reads in place (same boxes and confidences). */
  lines: OcrLine[];
  /** Lines read by the other recogniser, and how many of them the merge changed. */
  read: number;
  changed: number;
}

export async function crossReadLines(png: Buffer, lines: readonly OcrLine[], indexes: readonly number[], reader: LineCrossReader): Promise<CrossReadResult> {
  const selected = indexes.filter((index) => lines[index] !== undefined);
  if (selected.length === 0) return { lines: [...lines], read: 0, changed: 0 };
  const reads = await reader.readLines(png, selected.map((index) => (lines[index] as OcrLine).bbox));
  const merged = [...lines];
  let changed = 0;
  selected.forEach((index, position) => {
    const line = lines[index] as OcrLine;
    const read = reads[position];
    const body = line.text.replace(/\s+$/, '');
    const text = mergeReads(body, read?.text ?? '', read?.characterConfidences);
    if (text === body) return;
    changed += 1;
    merged[index] = { ...line, text: text + (/\s*$/.exec(line.text)?.[0] ?? '') };
  });
  return { lines: merged, read: selected.length, changed };
}
