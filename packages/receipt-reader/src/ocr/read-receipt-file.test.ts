import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareImage } from './prepare-image';
import { readReceiptFile, readReceiptText, UnsupportedReceiptError } from './read-receipt-file';
import { OcrEngine, type OcrProgress } from './tesseract-engine';
import { buildTextPdf } from './test-pdf';

const engine = new OcrEngine();
afterAll(() => engine.terminate());

/** A small supermarket receipt in US order, printed the way most test photos below print it. */
const FRESHWAY_LINES = [
  '    FRESHWAY MARKET',
  '   1234 MAIN ST',
  'DATE 04/12/2016',
  'OATS 500G            4.29',
  'HONEY 12OZ           5.99',
  'TOTAL               10.28',
] as const;

/** One SVG text element per line, 34 px apart from `top`. */
function renderTextRows(lines: readonly string[], left = 30, top = 50): string {
  return lines.map((line, index) => `<text x="${left}" y="${top + index * 34}" xml:space="preserve">${line}</text>`).join('');
}

function renderReceiptSvg(lines: readonly string[]): Buffer {
  const text = renderTextRows(lines);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="${lines.length * 34 + 60}">` +
      `<rect width="100%" height="100%" fill="#fff"/><g font-family="DejaVu Sans Mono" font-size="24">${text}</g></svg>`,
  );
}

describe('readReceiptFile', () => {
  it('parses text files and pasted text', async () => {
    const text = 'CORNER PANTRY\n04/12/2016\nOATS 500G 4.29\nTOTAL 4.29\n';
    const fromFile = await readReceiptFile(Buffer.from(text), { locale: 'en-MY' });
    expect(fromFile.source).toBe('text');
    expect(fromFile.parsed.date.value).toBe('2016-12-04');
    expect(readReceiptText(text, 'en-US').parsed.date.value).toBe('2016-04-12');
  });

  it('reads the text layer of a PDF e-receipt', async () => {
    const pdf = buildTextPdf(['GREEN VALLEY FOODS', 'DATE 03/05/2024', 'HONEY 12OZ|5.99', 'TOTAL|5.99']);
    const result = await readReceiptFile(pdf, { locale: 'en-US' });
    expect(result.source).toBe('pdf');
    expect(result.parsed).toMatchObject({ store: { value: 'GREEN VALLEY FOODS' }, date: { value: '2024-03-05' }, total: { value: 5.99 } });
  });

  it('rejects HEIC and unknown files with a message for the user', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(8)]);
    await expect(readReceiptFile(heic)).rejects.toThrow(/HEIC/);
    await expect(readReceiptFile(Buffer.from([0, 1, 2, 3]))).rejects.toBeInstanceOf(UnsupportedReceiptError);
  });

  it('OCRs a photo offline, reporting progress', { timeout: 180_000 }, async () => {
    const image = await sharp(renderReceiptSvg(FRESHWAY_LINES)).jpeg().toBuffer();
    const progress: OcrProgress[] = [];
    const result = await readReceiptFile(image, { locale: 'en-US', engine, onProgress: (event) => progress.push(event) });
    expect(result.source).toBe('ocr');
    expect(result.parsed.store.value).toBe('FRESHWAY MARKET');
    expect(result.parsed.date.value).toBe('2016-04-12');
    expect(result.parsed.total.value).toBe(10.28);
    expect(result.parsed.items.map((item) => item.price)).toEqual([4.29, 5.99]);
    expect(progress.some((event) => event.status === 'recognizing text')).toBe(true);
  });

  it('re-reads an unsure header line and goes back to block mode for the next page', { timeout: 180_000 }, async () => {
    const lines = [
      '  GOLDEN LEAF TRADING',
      '   12 JALAN MERANTI',
      'DATE 04/12/2016',
      'RICE 5KG             21.90',
      'TOTAL                21.90',
    ];
    // A small blurred photo makes tesseract unsure of the header, so its lines are read again one by one.
    const blurred = await sharp(renderReceiptSvg(lines)).resize({ width: 360 }).blur(1.2).jpeg({ quality: 50 }).toBuffer();
    const first = await engine.recognize((await prepareImage(blurred)).data);
    expect(first.linesReread).toBeGreaterThan(0);
    expect(first.text).toMatch(/LEAF/);
    const second = await readReceiptFile(await sharp(renderReceiptSvg(lines)).jpeg().toBuffer(), { locale: 'en-MY', engine });
    expect(second.text.trim().split('\n').length).toBeGreaterThanOrEqual(lines.length);
    expect(second.parsed.total.value).toBe(21.9);
  });

  it(
    'reads a page again without the black frame around the paper when the first read finds almost nothing',
    { timeout: 180_000 },
    async () => {
      const lines = FRESHWAY_LINES;
      const text = renderTextRows(lines, 60, 60);
      const height = lines.length * 34 + 80;
      // Faint print on paper photographed on black: tesseract's first read of this page returns 5 characters.
      const framed = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="760" height="${height}"><rect width="100%" height="100%" fill="#000"/>` +
          `<rect x="40" y="25" width="680" height="${height - 50}" fill="#f2f2f2"/>` +
          `<g font-family="DejaVu Sans Mono" font-size="24" fill="#888">${text}</g></svg>`,
      );
      const progress: number[] = [];
      const onProgress = (event: OcrProgress) => event.status === 'recognizing text' && progress.push(event.progress);
      const result = await readReceiptFile(await sharp(framed).png().toBuffer(), { locale: 'en-US', engine, onProgress });
      expect(result.parsed.store.value).toBe('FRESHWAY MARKET');
      expect(result.parsed.total.value).toBe(10.28);
      // The second read does not send the upload page's progress back to 0.
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.every((value, index) => index === 0 || value >= progress[index - 1]!)).toBe(true);
    },
  );

  it('reads a photo with a shadow across half the paper', { timeout: 180_000 }, async () => {
    const lines = FRESHWAY_LINES;
    const text = renderTextRows(lines);
    const height = lines.length * 34 + 60;
    // Without evening out the light, tesseract kept only the right half of each line ("WAY MARKET").
    const shadowed = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="${height}"><defs><linearGradient id="shadow" x1="0" x2="1" y1="0" y2="0">` +
        `<stop offset="0" stop-color="#000" stop-opacity="0.75"/><stop offset="0.6" stop-color="#000" stop-opacity="0.1"/>` +
        `<stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient></defs><rect width="100%" height="100%" fill="#f4f4f0"/>` +
        `<g font-family="DejaVu Sans Mono" font-size="24" fill="#333">${text}</g><rect width="100%" height="100%" fill="url(#shadow)"/></svg>`,
    );
    const result = await readReceiptFile(await sharp(shadowed).jpeg().toBuffer(), { locale: 'en-US', engine });
    expect(result.parsed.store.value).toBe('FRESHWAY MARKET');
    expect(result.parsed.date.value).toBe('2016-04-12');
    expect(result.parsed.total.value).toBe(10.28);
  });

  it('reads the store name under a red PAID stamp', { timeout: 180_000 }, async () => {
    const lines = FRESHWAY_LINES;
    const text = renderTextRows(lines);
    // Read in grayscale, the stamp's strokes joined the name: the store came out as "PRD".
    const stamped = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="${lines.length * 34 + 60}"><rect width="100%" height="100%" fill="#fbfbf8"/>` +
        `<g font-family="DejaVu Sans Mono" font-size="24" fill="#222">${text}</g>` +
        '<text x="140" y="70" transform="rotate(-8 250 45)" font-family="DejaVu Sans" font-weight="bold" font-size="72" fill="none" stroke="#e0303a" stroke-width="4" opacity="0.9">PAID</text></svg>',
    );
    const result = await readReceiptFile(await sharp(stamped).jpeg().toBuffer(), { locale: 'en-US', engine });
    expect(result.parsed.store.value).toBe('FRESHWAY MARKET');
    expect(result.parsed.total.value).toBe(10.28);
  });

  it('reads a store name printed much larger than the rest, which the page read skipped', { timeout: 180_000 }, async () => {
    const body = [
      '(Co. No. 113825-W)',
      'No 8, Jalan 7/118B, Desa Tun Razak',
      '56000 Kuala Lumpur',
      'DATE 04/12/2016',
      'TEA 100G             3.50',
      'TOTAL                3.50',
    ];
    const header = '<text x="60" y="92" font-size="72">POPULAR BOOK</text><text x="40" y="184" font-size="72">CO. (M) SDN BHD</text>';
    const text = body
      .map((line, index) => `<text x="30" y="${234 + index * 34}" font-size="24" xml:space="preserve">${line}</text>`)
      .join('');
    const image = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="${204 + body.length * 34 + 60}"><rect width="100%" height="100%" fill="#fff"/>` +
          `<g font-family="DejaVu Sans Mono">${header}${text}</g></svg>`,
      ),
    )
      .jpeg()
      .toBuffer();
    const result = await readReceiptFile(image, { locale: 'en-MY', engine });
    expect(result.parsed.store.value).toBe('POPULAR BOOK CO. (M) SDN BHD');
    expect(result.parsed.total.value).toBe(3.5);
    // The page read alone loses the first line: that is what the missed-header read is for.
    const pageOnly = new OcrEngine({ isReadingMissedHeader: false });
    try {
      expect((await readReceiptFile(image, { locale: 'en-MY', engine: pageOnly })).parsed.store.value).toBe('CO. (M) SDN BHD');
    } finally {
      await pageOnly.terminate();
    }
  });

  it('reads a photo held at an angle', { timeout: 180_000 }, async () => {
    const lines = [
      '    FRESHWAY MARKET',
      '   1234 MAIN ST',
      'DATE 04/12/2016',
      'ROLLED OATS 500G             4.29',
      'CLOVER HONEY 12OZ            5.99',
      'ORGANIC WHOLE MILK           3.49',
      'BANANAS                      1.29',
      'SUBTOTAL                    15.06',
      'TOTAL                       15.06',
    ];
    // Read as it was turned (9 degrees), the store came out as "FRESHWay MARKET".
    const tilted = await sharp(renderReceiptSvg(lines)).rotate(9, { background: '#fff' }).jpeg().toBuffer();
    const result = await readReceiptFile(tilted, { locale: 'en-US', engine });
    expect(result.parsed.store.value).toBe('FRESHWAY MARKET');
    expect(result.parsed.items.map((item) => item.price)).toEqual([4.29, 5.99, 3.49, 1.29]);
    expect(result.parsed.total.value).toBe(15.06);
  });

  it(
    'cross-reads the store and date lines, and still reads the receipt when the second recogniser fails',
    { timeout: 180_000 },
    async () => {
      const image = await sharp(
        renderReceiptSvg(['  HARVEST MOON GROCER', 'DATE 04/12/2016', 'TEA 100G             3.50', 'TOTAL                3.50']),
      )
        .jpeg()
        .toBuffer();
      const prepared = (await prepareImage(image)).data;
      const crossRead = await engine.recognize(prepared, undefined, { locale: 'en-MY' });
      expect(crossRead.crossLinesRead).toBeGreaterThanOrEqual(2);
      expect(crossRead.warnings).toEqual([]);
      const broken = new OcrEngine({
        crossReader: { scripts: ['Latn'], readLines: () => Promise.reject(new Error('model missing')), terminate: () => Promise.resolve() },
      });
      try {
        const result = await readReceiptFile(image, { locale: 'en-MY', engine: broken });
        expect(result.parsed.total.value).toBe(3.5);
        expect(result.parsed.date.value).toBe('2016-12-04');
        expect(result.warnings).toEqual(['cross-reads skipped: model missing']);
      } finally {
        await broken.terminate();
      }
    },
  );
});
