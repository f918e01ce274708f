import { parseReceiptTextWithEvidence } from '../parse/index';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  assessFieldDoubts,
  findFieldLines,
  isBetterFieldRead,
  isTotalSupported,
  rereadDoubtfulFields,
  selectFieldLines,
} from './field-rereads';
import type { OcrLine } from './line-rereads';
import { getVocabulary } from '../parse/vocabulary/index';

const MALAYSIAN = getVocabulary('en-MY');

const parse = (text: string) => parseReceiptTextWithEvidence(text, { locale: 'en-MY', now: new Date(Date.UTC(2026, 0, 1)) });

const CONSISTENT = ['KEDAI RUNCIT ABC', 'Date: 22/03/2018 10:15', 'Thank you', 'TOTAL 9.50', 'CASH 20.00', 'CHANGE 10.50'];
/** The total read 8.50 (a misread 9): cash minus change says 9.50, and nothing else to settle it. */
const MISREAD_TOTAL = CONSISTENT.map((line) => line.replace('TOTAL 9.50', 'TOTAL 8.50'));
/** A date line too garbled to read. */
const NO_DATE = CONSISTENT.map((line) => (line.startsWith('Date') ? 'Date: ##/##/#### ##:##' : line));

describe('assessFieldDoubts', () => {
  it('is sure of a total that cash minus change confirms and of a date that was read', () => {
    expect(assessFieldDoubts(parse(CONSISTENT.join('\n')))).toEqual({ isTotalDoubtful: false, isDateDoubtful: false });
    expect(isTotalSupported(parse(CONSISTENT.join('\n')))).toBe(true);
  });

  it('doubts a total that no independent sum confirms, and a missing date', () => {
    const parsed = parse(['SHOP', 'TOTAL 8.50', 'GST 0.48', 'SUBTOTAL 9.50'].join('\n'));
    expect(assessFieldDoubts(parsed)).toEqual({ isTotalDoubtful: true, isDateDoubtful: true });
  });

  it('doubts a total taken from the subtotal alone (no printed total)', () => {
    const parsed = parse(['SHOP', '12/03/2018', 'SUBTOTAL 9.50'].join('\n'));
    expect(parsed.parsed.total.value).toBe(9.5);
    expect(assessFieldDoubts(parsed).isTotalDoubtful).toBe(true);
  });
});

describe('findFieldLines / selectFieldLines', () => {
  const texts = ['SHOP', 'Date: 12/03/2018', 'BREAD 3.50', 'TOTAL', '9.50', 'CASH 20.00', 'CHANGE 10.50', 'Thank you', 'Tel 03-1234 5678'];

  it('finds total, payment and change lines (with an amount alone under its label) and date-like lines', () => {
    expect(findFieldLines(texts, MALAYSIAN)).toEqual({ total: [4, 5, 6], date: [1] });
  });

  it('selects nothing when the parse is sure of both fields', () => {
    expect(selectFieldLines(texts, { isTotalDoubtful: false, isDateDoubtful: false }, MALAYSIAN)).toEqual([]);
  });

  it('selects only the lines of the doubted field, in page order', () => {
    expect(selectFieldLines(texts, { isTotalDoubtful: true, isDateDoubtful: false }, MALAYSIAN)).toEqual([4, 5, 6]);
    expect(selectFieldLines(texts, { isTotalDoubtful: false, isDateDoubtful: true }, MALAYSIAN)).toEqual([1]);
    expect(selectFieldLines(texts, { isTotalDoubtful: true, isDateDoubtful: true }, MALAYSIAN)).toEqual([1, 4, 5, 6]);
  });

  it('gives up on receipts with more candidate lines than the bound', () => {
    expect(selectFieldLines(texts, { isTotalDoubtful: true, isDateDoubtful: true }, MALAYSIAN, 3)).toEqual([]);
  });
});

describe('isBetterFieldRead', () => {
  it('keeps a re-read that makes the total agree with cash minus change', () => {
    expect(isBetterFieldRead(parse(MISREAD_TOTAL.join('\n')), parse(CONSISTENT.join('\n')), false)).toBe(true);
  });

  it('rejects a re-read that only changes an unconfirmed total to another unconfirmed one', () => {
    const other = MISREAD_TOTAL.map((line) => line.replace('TOTAL 8.50', 'TOTAL 7.50'));
    expect(isBetterFieldRead(parse(MISREAD_TOTAL.join('\n')), parse(other.join('\n')), false)).toBe(false);
  });

  it('keeps a date line re-read that finds the date without touching the total', () => {
    expect(isBetterFieldRead(parse(NO_DATE.join('\n')), parse(CONSISTENT.join('\n')), true)).toBe(true);
    // The same change on a line that is not a date line is not a reason.
    expect(isBetterFieldRead(parse(NO_DATE.join('\n')), parse(CONSISTENT.join('\n')), false)).toBe(false);
  });

  it('rejects a date line re-read that breaks a confirmed total', () => {
    const broken = CONSISTENT.map((line) => line.replace('CHANGE 10.50', 'CHANGE 11.50'));
    expect(isBetterFieldRead(parse(NO_DATE.join('\n')), parse(broken.join('\n')), true)).toBe(false);
  });
});

async function makePage(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } })
    .grayscale()
    .png()
    .toBuffer();
}

function makeLines(texts: readonly string[], confidence = 90): OcrLine[] {
  return texts.map((text, index) => ({
    text: `${text}\n`,
    confidence,
    bbox: { x0: 10, y0: 10 + index * 20, x1: 250, y1: 25 + index * 20 },
  }));
}

/** A recogniser that answers by the crop's vertical position, i.e. by line (crops are read top to bottom). */
function makeRecognizer(lines: readonly OcrLine[], reads: Record<string, string>) {
  const asked: string[] = [];
  let next = 0;
  const order = lines.map((line) => line.text.trim()).filter((text) => reads[text] !== undefined);
  return {
    asked,
    recognize: async (png: Buffer) => {
      // Cropped at the page's scale: 240 px line + 2 x 6 px margin + 2 x 10 px border.
      expect((await sharp(png).metadata()).width).toBe(272);
      const text = order[next++] ?? '';
      asked.push(text);
      return { text: `${reads[text] ?? ''}\n`, confidence: 50 };
    },
  };
}

describe('rereadDoubtfulFields', () => {
  it('reads nothing on a consistent receipt', async () => {
    const result = await rereadDoubtfulFields(
      await makePage(),
      makeLines(CONSISTENT),
      parse,
      () => Promise.reject(new Error('not called')),
      MALAYSIAN,
    );
    expect(result).toEqual({ text: `${CONSISTENT.join('\n')}\n`, reread: 0, replaced: 0 });
  });

  it('leaves a found date alone, even on an unsure line', async () => {
    const lines = makeLines(CONSISTENT, 40);
    const result = await rereadDoubtfulFields(await makePage(), lines, parse, () => Promise.reject(new Error('not called')), MALAYSIAN);
    expect(result.reread).toBe(0);
  });

  it('re-reads the date-like lines when no date was found and keeps a read that finds one', async () => {
    const lines = makeLines(NO_DATE);
    const recognizer = makeRecognizer(lines, { 'Date: ##/##/#### ##:##': 'Date: 22/03/2018 10:15' });
    const result = await rereadDoubtfulFields(await makePage(), lines, parse, recognizer.recognize, MALAYSIAN);
    expect(recognizer.asked).toEqual(['Date: ##/##/#### ##:##']);
    expect(result).toEqual({ text: `${CONSISTENT.join('\n')}\n`, reread: 1, replaced: 1 });
  });

  it('re-reads the total lines of a doubtful total and keeps the read that makes it consistent', async () => {
    const lines = makeLines(MISREAD_TOTAL);
    const recognizer = makeRecognizer(lines, { 'TOTAL 8.50': 'TOTAL 9.50', 'CASH 20.00': 'CASH 28.00', 'CHANGE 10.50': 'CHANGE 10.50' });
    expect(isTotalSupported(parse(MISREAD_TOTAL.join('\n')))).toBe(false);
    const result = await rereadDoubtfulFields(await makePage(), lines, parse, recognizer.recognize, MALAYSIAN);
    expect(recognizer.asked).toEqual(['TOTAL 8.50', 'CASH 20.00', 'CHANGE 10.50']);
    expect(result).toEqual({ text: `${CONSISTENT.join('\n')}\n`, reread: 3, replaced: 1 });
  });
});
