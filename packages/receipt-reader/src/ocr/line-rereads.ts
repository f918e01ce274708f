import sharp from 'sharp';
import { openPage } from './decoded-pages';

/** Page lines are re-read only among the first few text lines: that is where the store name is printed. */
export const HEADER_LINES_TO_REREAD = 3;
/** Lines read at least this confidently gain nothing from a re-read, so they are skipped. */
export const REREAD_BELOW_CONFIDENCE = 90;
/** A line needs this many letters/digits to count as text (not a rule, a logo speck or a stray mark). */
const MIN_TEXT_CHARACTERS = 3;
/** White space kept around a cropped line, as a share of its height: room for accents and descenders. */
const VERTICAL_MARGIN = 0.2;
const HORIZONTAL_MARGIN_PX = 6;
/** Tesseract finds text more reliably when it does not touch the image border. */
const BORDER_PX = 10;

export interface LineBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrLine {
  /** Line text as tesseract put it in the page text, including its trailing newline(s). */
  text: string;
  /** Mean word confidence, 0..100. */
  confidence: number;
  bbox: LineBox;
}

export interface LineRead {
  text: string;
  /** Mean word confidence, 0..100. */
  confidence: number;
  /** Per character of `text`, 0..1, from recognisers that give it (PP-OCR). */
  characterConfidences?: number[];
}

export type LineRecognizer = (png: Buffer) => Promise<LineRead>;

export interface RereadResult {
  text: string;
  /** Lines read a second time. */
  reread: number;
  /** Of those, lines whose second read replaced the page's. */
  replaced: number;
  /** The page lines with the replacements made (same boxes and confidences), for later re-reads. */
  lines: OcrLine[];
}

interface BlockLike {
  paragraphs: { lines: { text: string; bbox: LineBox; words: { confidence: number }[] }[] }[];
}

export function calculateMeanConfidence(words: readonly { confidence: number }[]): number {
  if (words.length === 0) return 0;
  return words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
}

/** Mean confidence of every word in the blocks (tesseract's page confidence weighs words differently). */
export function calculateWordConfidence(blocks: readonly BlockLike[] | null | undefined): number {
  return calculateMeanConfidence(
    (blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words))),
  );
}

/** Flattens tesseract.js blocks into page lines, in reading order. */
export function collectOcrLines(blocks: readonly BlockLike[] | null | undefined): OcrLine[] {
  return (blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.map((line) => ({ text: line.text, confidence: calculateMeanConfidence(line.words), bbox: line.bbox })),
    ),
  );
}

function countTextCharacters(text: string): number {
  return (text.match(/[\p{L}\p{N}]/gu) ?? []).length;
}

/**
 * Indexes of the header lines worth a second read: the first text lines (store name, legal name, address)
 * that tesseract was unsure of. Dates and totals gain nothing from this re-read (field-rereads.ts has their own).
 */
export function selectLinesToReread(
  lines: readonly OcrLine[],
  headerLines = HEADER_LINES_TO_REREAD,
  belowConfidence = REREAD_BELOW_CONFIDENCE,
): number[] {
  const header: number[] = [];
  for (let index = 0; index < lines.length && header.length < headerLines; index += 1) {
    if (countTextCharacters(lines[index]?.text ?? '') >= MIN_TEXT_CHARACTERS) header.push(index);
  }
  return header.filter((index) => (lines[index]?.confidence ?? 100) < belowConfidence);
}

/** The re-read replaces the page's line only when tesseract is more confident of it and it is not empty. */
export function chooseLineText(original: OcrLine, reread: LineRead): string | null {
  const text = reread.text.replace(/\s*\n\s*/g, ' ').trim();
  if (text.length === 0 || reread.confidence <= original.confidence) return null;
  return text;
}

/** Rebuilds the page text with some lines replaced, keeping each line's own line breaks. */
export function replaceLines(lines: readonly OcrLine[], replacements: ReadonlyMap<number, string>): string {
  return lines
    .map((line, index) => {
      const replacement = replacements.get(index);
      if (replacement === undefined) return line.text;
      return replacement + (/\s*$/.exec(line.text)?.[0] ?? '');
    })
    .join('');
}

/**
 * Crops one line at its original scale (enlarging it was measured worse) onto a white border, as PNG.
 * From the page's remembered pixels when it has them (decoded-pages.ts); else libvips decodes the PNG only down to the
 * line: header lines are at the top.
 */
export async function cropLine(png: Buffer, image: { width: number; height: number }, bbox: LineBox): Promise<Buffer | null> {
  const margin = Math.max(3, Math.round((bbox.y1 - bbox.y0) * VERTICAL_MARGIN));
  const left = Math.max(0, bbox.x0 - HORIZONTAL_MARGIN_PX);
  const top = Math.max(0, bbox.y0 - margin);
  const width = Math.min(image.width, bbox.x1 + HORIZONTAL_MARGIN_PX) - left;
  const height = Math.min(image.height, bbox.y1 + margin) - top;
  if (width < 4 || height < 4) return null;
  return openPage(png)
    .extract({ left, top, width, height })
    .extend({ top: BORDER_PX, bottom: BORDER_PX, left: BORDER_PX, right: BORDER_PX, background: '#ffffff' })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * Re-reads the selected lines one by one (the recogniser should be in single-line mode) and returns the
 * page text with the lines that read more confidently replaced. A line read alone is not disturbed by
 * a logo or a neighbouring column, which is what splits or garbles store names in block mode.
 */
export async function rereadLines(
  png: Buffer,
  lines: readonly OcrLine[],
  indexes: readonly number[],
  recognizeLine: LineRecognizer,
): Promise<RereadResult> {
  const { width = 0, height = 0 } = indexes.length > 0 ? await sharp(png).metadata() : {};
  const replacements = new Map<number, string>();
  let reread = 0;
  for (const index of indexes) {
    const line = lines[index];
    const crop = line ? await cropLine(png, { width, height }, line.bbox) : null;
    if (!line || !crop) continue;
    reread += 1;
    const text = chooseLineText(line, await recognizeLine(crop));
    if (text !== null) replacements.set(index, text);
  }
  const replaced = lines.map((line, index) => {
    const text = replacements.get(index);
    return text === undefined ? line : { ...line, text: text + (/\s*$/.exec(line.text)?.[0] ?? '') };
  });
  return { text: replaceLines(lines, replacements), reread, replaced: replacements.size, lines: replaced };
}
