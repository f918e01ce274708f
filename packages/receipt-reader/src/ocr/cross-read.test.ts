import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { parseReceiptTextWithEvidence } from '../parse/index';
import { getVocabulary } from '../parse/vocabulary/index';
import { canCrossRead, crossReadLines, crossReadPage, selectCrossReadLines, type LineCrossReader } from './cross-read';
import type { LineBox, OcrLine } from './line-rereads';
import { PaddleLineReader } from './paddle-line-reader';

const MALAYSIAN = getVocabulary('en-MY');
const MALAYSIAN_OPTIONS = { vocabulary: MALAYSIAN, isKeepingAccentedLines: false };

function makeLine(text: string, y: number): OcrLine {
  return { text, confidence: 80, bbox: { x0: 10, y0: y, x1: 390, y1: y + 24 } };
}

const page = [
  makeLine('| .\n', 0),
  makeLine('AFON CO. (M) BHD\n', 30),
  makeLine('(126926-H)\n', 60),
  makeLine('3RD FLR, AEON TAMAN MALURI\n', 90),
  makeLine('JALAN JEJAKA\n\n', 120),
  makeLine('Date: 06/03/2016 10:21\n', 150),
  makeLine('ITEM A      3.00\n', 180),
  makeLine('TOTAL       3.00\n', 210),
  makeLine('CASH        5.00\n', 240),
];

describe('selectCrossReadLines', () => {
  it('picks the first four text lines but a registration number, and the date lines, and the total lines only when the total is doubtful', () => {
    expect(selectCrossReadLines(page, false, MALAYSIAN)).toEqual([1, 3, 4, 5]);
    expect(selectCrossReadLines(page, true, MALAYSIAN)).toEqual([1, 3, 4, 5, 7, 8]);
  });

  it('skips phone, GST and postcode lines among the first four', () => {
    const header = [
      'SRI MAJU TRADING\n',
      'Tel: 03-7832 6929\n',
      'GST ID : 000381399040\n',
      '43300 SERI KEMBANGAN\n',
      'KEDAI BUKU (M) SDN BHD (12345-X)\n',
    ];
    expect(
      selectCrossReadLines(
        header.map((text, index) => makeLine(text, index * 30)),
        false,
        MALAYSIAN,
      ),
    ).toEqual([0]);
    expect(selectCrossReadLines([makeLine('KEDAI BUKU (M) SDN BHD (12345-X)\n', 0)], false, MALAYSIAN)).toEqual([0]);
  });

  it('also reads, for a doubtful total, the total and payment lines whose amount tesseract did not read as one', () => {
    const garbled = [
      makeLine('KEDAI MAJU\n', 0),
      makeLine('(12345-X)\n', 30),
      makeLine('Tel: 03-7832 6929\n', 60),
      makeLine('GST ID : 000381399040\n', 90),
      makeLine('Cashier      123\n', 120),
      makeLine('Total Sales Inclusive GST :       a    A800\n', 150),
      makeLine('Cash Received   HEE   5\n', 180),
      makeLine('Change                38 00\n', 210),
      makeLine('GST Summary     Amount: RM)\n', 240),
      makeLine('Total\n', 270),
    ];
    expect(selectCrossReadLines(garbled, true, MALAYSIAN)).toEqual([0, 5, 6, 7]);
    expect(selectCrossReadLines(garbled, false, MALAYSIAN)).toEqual([0]);
  });

  it('reads at most the given number of lines, header and date lines first', () => {
    expect(selectCrossReadLines(page, true, MALAYSIAN, 5)).toEqual([1, 3, 4, 5, 7]);
  });
});

describe('crossReadLines', () => {
  it('merges the second read into the chosen lines and keeps their line breaks', async () => {
    const seen: LineBox[] = [];
    const reader: LineCrossReader = {
      scripts: ['Latn'],
      readLines: (_png, boxes) => {
        seen.push(...boxes);
        return Promise.resolve(boxes.map((box) => ({ text: box.y0 === 30 ? 'AEON CO.(M)BHD' : 'Date:06/03/2018 10:21', confidence: 95 })));
      },
      terminate: () => Promise.resolve(),
    };
    const result = await crossReadLines(Buffer.alloc(0), page, [1, 5], reader);
    expect(seen).toEqual([page[1]?.bbox, page[5]?.bbox]);
    expect(result.lines.map((line) => line.text).join('')).toContain('AEON CO. (M) BHD\n(126926-H)');
    expect(result.lines[5]?.text).toBe('Date: 06/03/2018 10:21\n');
    expect(result.lines[4]?.text).toBe('JALAN JEJAKA\n\n');
    expect(result).toMatchObject({ read: 2, changed: 2 });
  });

  it('reads nothing when no line is chosen', async () => {
    const reader: LineCrossReader = {
      scripts: ['Latn'],
      readLines: () => Promise.reject(new Error('should not be called')),
      terminate: () => Promise.resolve(),
    };
    const result = await crossReadLines(Buffer.alloc(0), page, [], reader);
    expect(result).toMatchObject({ read: 0, changed: 0 });
    expect(result.lines).toEqual(page);
  });
});

describe('crossReadPage', () => {
  const parse = (text: string) => parseReceiptTextWithEvidence(text, { locale: 'en-MY' });
  // The cash line repeats the total's misread 7 (1.40 for 7.40), so only the payment confirms the total.
  const receipt = [
    makeLine('B & BEST RESTAURANT\n', 0),
    makeLine('(001610235-P)\n', 30),
    makeLine('NO. 1, JALAN SS4C/5\n', 60),
    makeLine('Date: 10/02/2017 13:09\n', 90),
    makeLine('NET TOTAL           1.40\n', 120),
    makeLine('Cash                1.40\n', 150),
    makeLine('CHANGE              0.00\n', 180),
  ];
  const readerOf = (reads: Record<number, string>): LineCrossReader & { seen: number[] } => {
    const seen: number[] = [];
    return {
      seen,
      scripts: ['Latn'],
      readLines: (_png, boxes) => {
        seen.push(...boxes.map((box) => box.y0));
        return Promise.resolve(
          boxes.map((box) => ({
            text: reads[box.y0] ?? receipt.find((line) => line.bbox.y0 === box.y0)?.text.trim() ?? '',
            confidence: 95,
          })),
        );
      },
      terminate: () => Promise.resolve(),
    };
  };
  const totalOf = (lines: readonly OcrLine[]) => parse(lines.map((line) => line.text).join('')).parsed.total.value;

  it('reads the total lines of a total confirmed only by the payment, and keeps a read the receipt still confirms', async () => {
    const reader = readerOf({ 120: 'NETTOTAL 7.40', 150: 'Cash 7.40' });
    const result = await crossReadPage(Buffer.alloc(0), receipt, parse, reader, MALAYSIAN_OPTIONS);
    expect(reader.seen).toEqual([0, 60, 90, 120, 150, 180]);
    expect(totalOf(result.lines)).toBe(7.4);
  });

  it('keeps the page read of those total lines when the merged total is no longer confirmed', async () => {
    const result = await crossReadPage(Buffer.alloc(0), receipt, parse, readerOf({ 120: 'NETTOTAL 7.40' }), MALAYSIAN_OPTIONS);
    expect(totalOf(result.lines)).toBe(1.4);
    expect(result.lines[4]).toBe(receipt[4]);
  });

  it("takes the other read's unsure digits in the total lines when only they make a sum confirm the total", async () => {
    const doubtful = [
      makeLine('AIK HUAT HARDWARE\n', 0),
      makeLine('Date: 15/11/2017 15:34\n', 30),
      makeLine('SUB-TOTAL (GST) 16.00\n', 60),
      makeLine('TOTAL         14.00\n', 90),
      makeLine('CASH          20.00\n', 120),
    ];
    const unsureReader = (total: string): LineCrossReader => ({
      scripts: ['Latn'],
      readLines: (_png, boxes) =>
        Promise.resolve(
          boxes.map((box) => {
            const text = box.y0 === 90 ? total : (doubtful.find((line) => line.bbox.y0 === box.y0)?.text.trim() ?? '');
            // PP-OCR is unsure of every character, so the first merge keeps tesseract's 14.00.
            return { text, confidence: 42, characterConfidences: [...text].map(() => 0.42) };
          }),
        ),
      terminate: () => Promise.resolve(),
    });
    const confirmed = await crossReadPage(Buffer.alloc(0), doubtful, parse, unsureReader('TOTAL 16.00'), MALAYSIAN_OPTIONS);
    expect(confirmed.lines[3]?.text).toBe('TOTAL         16.00\n');
    expect(totalOf(confirmed.lines)).toBe(16);
    // A read that no sum confirms either changes nothing.
    const unconfirmed = await crossReadPage(Buffer.alloc(0), doubtful, parse, unsureReader('TOTAL 18.00'), MALAYSIAN_OPTIONS);
    expect(unconfirmed.lines[3]).toBe(doubtful[3]);
  });

  it('keeps the page read when the unsure digits only make a sum agree with a total the receipt never printed', async () => {
    const perRate = [
      makeLine('BAKERY (KL) SDN BHD\n', 0),
      makeLine('Date: 21/07/2017 11:10\n', 30),
      makeLine('Total 0% supplies: 23.4        4\n', 60),
      makeLine('Total 6% supplies (excl. GST): 26.40\n', 90),
      makeLine('Total 6% supplies (Inc. GST): 27.98\n', 120),
      makeLine('Total OF supplies:  B.4\n', 150),
      makeLine('Total Payable: 51.42\n', 180),
    ];
    const reader: LineCrossReader = {
      scripts: ['Latn'],
      readLines: (_png, boxes) =>
        Promise.resolve(
          boxes.map((box) => {
            // PP-OCR drops the 2 of 23.44, unsure of its digits: 3.44 + 27.98 would "confirm" 31.42.
            const text = box.y0 === 150 ? 'Total O% supplies: 3.44' : (perRate.find((line) => line.bbox.y0 === box.y0)?.text.trim() ?? '');
            return { text, confidence: 40, characterConfidences: [...text].map(() => 0.4) };
          }),
        ),
      terminate: () => Promise.resolve(),
    };
    const result = await crossReadPage(Buffer.alloc(0), perRate, parse, reader, MALAYSIAN_OPTIONS);
    expect(totalOf(result.lines)).toBe(51.42);
  });

  it('does not read the total lines when a subtotal confirms the total', async () => {
    const confirmed = [...receipt.slice(0, 4), makeLine('SUB TOTAL           1.40\n', 110), ...receipt.slice(4)];
    const reader = readerOf({});
    await crossReadPage(Buffer.alloc(0), confirmed, parse, reader, MALAYSIAN_OPTIONS);
    expect(reader.seen).toEqual([0, 60, 90]);
  });

  it('leaves lines with letters beyond ASCII to tesseract in languages that print them', async () => {
    const german = [makeLine('BÄCKEREI MÜLLER GMBH\n', 0), makeLine('HAUPTSTRASSE 12\n', 30), makeLine('24.11.2026 10:15\n', 60)];
    const germanParse = (text: string) => parseReceiptTextWithEvidence(text, { locale: 'de-DE' });
    const GERMAN = getVocabulary('de-DE');
    const reader = readerOf({ 0: 'BACKEREI MULLER GMBH' });
    const kept = await crossReadPage(Buffer.alloc(0), german, germanParse, reader, { vocabulary: GERMAN, isKeepingAccentedLines: true });
    expect(reader.seen).toEqual([30, 60]);
    expect(kept.lines[0]).toBe(german[0]);
    // In English such a letter is tesseract's misreading, and the other read replaces it.
    const merged = await crossReadPage(Buffer.alloc(0), german, germanParse, readerOf({ 0: 'BACKEREI MULLER GMBH' }), {
      vocabulary: GERMAN,
      isKeepingAccentedLines: false,
    });
    expect(merged.lines[0]?.text).toBe('BACKEREI MULLER GMBH\n');
  });
});

describe('canCrossRead', () => {
  it('cross-reads only receipts of a script the reader reads', () => {
    const reader = new PaddleLineReader();
    expect(['en-MY', 'de-DE', 'zh-CN', 'zh-TW'].map((locale) => canCrossRead(reader, locale))).toEqual([true, true, true, true]);
    expect(['he-IL', 'ar-EG', 'not a tag'].map((locale) => canCrossRead(reader, locale))).toEqual([false, false, false]);
  });
});

describe('PaddleLineReader (real PP-OCRv4 recogniser)', () => {
  const reader = new PaddleLineReader();
  afterAll(() => reader.terminate());

  it('reads the lines at the boxes it is given', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="110"><rect width="100%" height="100%" fill="white"/>
      <g font-family="DejaVu Sans Mono, monospace" font-size="22" fill="black">
      <text x="20" y="40">AEON CO. (M) BHD</text><text x="20" y="85">TOTAL 12.50</text></g></svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const reads = await reader.readLines(png, [
      { x0: 18, y0: 22, x1: 240, y1: 46 },
      { x0: 18, y0: 67, x1: 170, y1: 91 },
    ]);
    expect(reads.map((read) => read.text.normalize('NFKC').replace(/\s+/g, ''))).toEqual(['AEONCO.(M)BHD', 'TOTAL12.50']);
    expect(reads[0]?.confidence).toBeGreaterThan(80);
  }, 20_000);
});
