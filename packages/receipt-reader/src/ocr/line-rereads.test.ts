import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  calculateWordConfidence,
  chooseLineText,
  collectOcrLines,
  cropLine,
  replaceLines,
  rereadLines,
  selectLinesToReread,
  type OcrLine,
} from './line-rereads';

function makeLine(text: string, confidence: number, y = 0): OcrLine {
  return { text, confidence, bbox: { x0: 10, y0: y, x1: 200, y1: y + 20 } };
}

describe('selectLinesToReread', () => {
  it('picks unsure lines among the first text lines, skipping specks and sure lines', () => {
    const lines = [
      makeLine('| .\n', 20),
      makeLine('UNIHAKKA INTERNATICNAL SDN BHD\n', 80),
      makeLine('(867388-U)\n', 95),
      makeLine('12, JALAN TAMPOI\n', 60),
      makeLine('81200 JOHOR BAHRU\n', 70),
      makeLine('TOTAL 9.00\n', 40),
    ];
    expect(selectLinesToReread(lines)).toEqual([1, 3]);
    expect(selectLinesToReread(lines, 4)).toEqual([1, 3, 4]);
    expect(selectLinesToReread(lines, 4, 50)).toEqual([]);
  });

  it('returns nothing for an empty page', () => {
    expect(selectLinesToReread([])).toEqual([]);
  });
});

describe('chooseLineText', () => {
  const original = makeLine('UNIHAKKA INTERNATICNAL SDN BHD\n', 80);

  it('takes a more confident re-read as one line', () => {
    expect(chooseLineText(original, { text: 'UNIHAKKA INTERNATIONAL\nSDN BHD\n', confidence: 84 })).toBe('UNIHAKKA INTERNATIONAL SDN BHD');
  });

  it('keeps the page line when the re-read is not more confident or is empty', () => {
    expect(chooseLineText(original, { text: 'UNIHAKKA INTERNATIONAL SDN BHD', confidence: 80 })).toBeNull();
    expect(chooseLineText(original, { text: ' \n', confidence: 95 })).toBeNull();
  });
});

describe('replaceLines', () => {
  it('replaces lines by index and keeps their line breaks', () => {
    const lines = [makeLine('AFON CO. (M) BHD\n', 70), makeLine('Tel 03-1234\n\n', 90), makeLine('TOTAL 9.00\n', 90)];
    expect(replaceLines(lines, new Map([[0, 'AEON CO. (M) BHD']]))).toBe('AEON CO. (M) BHD\nTel 03-1234\n\nTOTAL 9.00\n');
    expect(replaceLines(lines, new Map())).toBe(lines.map((line) => line.text).join(''));
  });
});

describe('collectOcrLines', () => {
  it('flattens blocks and averages word confidences', () => {
    const blocks = [
      {
        paragraphs: [
          { lines: [{ text: 'A B\n', bbox: { x0: 0, y0: 0, x1: 9, y1: 9 }, words: [{ confidence: 80 }, { confidence: 60 }] }] },
          { lines: [{ text: 'C\n', bbox: { x0: 0, y0: 10, x1: 9, y1: 19 }, words: [{ confidence: 90 }] }] },
        ],
      },
    ];
    expect(collectOcrLines(blocks)).toEqual([
      { text: 'A B\n', confidence: 70, bbox: { x0: 0, y0: 0, x1: 9, y1: 9 } },
      { text: 'C\n', confidence: 90, bbox: { x0: 0, y0: 10, x1: 9, y1: 19 } },
    ]);
    expect(calculateWordConfidence(blocks)).toBeCloseTo(76.67, 1);
    expect(collectOcrLines(null)).toEqual([]);
    expect(calculateWordConfidence(undefined)).toBe(0);
  });
});

async function makePage(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } })
    .composite([{ input: { create: { width: 100, height: 10, channels: 3, background: '#000000' } }, left: 50, top: 40 }])
    .grayscale()
    .png()
    .toBuffer();
}

describe('cropLine', () => {
  it('crops the line with a margin onto a white border', async () => {
    const crop = await cropLine(await makePage(), { width: 300, height: 100 }, { x0: 50, y0: 40, x1: 150, y1: 50 });
    const meta = await sharp(crop ?? Buffer.alloc(0)).metadata();
    expect(meta.format).toBe('png');
    // 100 px + 2 x 6 px margin + 2 x 10 px border; 10 px + 2 x 3 px margin + 2 x 10 px border.
    expect([meta.width, meta.height]).toEqual([132, 36]);
  });

  it('clamps to the image and skips boxes outside it', async () => {
    const page = await makePage();
    const crop = await cropLine(page, { width: 300, height: 100 }, { x0: 0, y0: 0, x1: 300, y1: 100 });
    expect((await sharp(crop ?? Buffer.alloc(0)).metadata()).width).toBe(320);
    expect(await cropLine(page, { width: 300, height: 100 }, { x0: 310, y0: 40, x1: 320, y1: 50 })).toBeNull();
  });
});

describe('rereadLines', () => {
  it('reads only the selected lines and replaces the more confident ones', async () => {
    const lines = [makeLine('AFON CO. (M) BHD\n', 70, 30), makeLine('Tel 03-1234\n', 60, 60), makeLine('TOTAL 9.00\n', 50, 80)];
    const reads = [
      { text: 'AEON CO. (M) BHD\n', confidence: 85 },
      { text: 'Tel 08-1234\n', confidence: 40 },
    ];
    let calls = 0;
    const result = await rereadLines(await makePage(), lines, [0, 1], () => Promise.resolve(reads[calls++] ?? { text: '', confidence: 0 }));
    expect(calls).toBe(2);
    expect(result).toMatchObject({ text: 'AEON CO. (M) BHD\nTel 03-1234\nTOTAL 9.00\n', reread: 2, replaced: 1 });
    // The replaced line keeps its box and line break, for the field re-reads that may follow.
    expect(result.lines.map((line) => line.text)).toEqual(['AEON CO. (M) BHD\n', 'Tel 03-1234\n', 'TOTAL 9.00\n']);
    expect(result.lines[0]?.bbox).toEqual(lines[0]?.bbox);
  });

  it('returns the page unchanged when nothing is selected', async () => {
    const lines = [makeLine('TOTAL 9.00\n', 50)];
    expect(await rereadLines(await makePage(), lines, [], () => Promise.reject(new Error('not called')))).toEqual({
      text: 'TOTAL 9.00\n',
      reread: 0,
      replaced: 0,
      lines,
    });
  });
});
