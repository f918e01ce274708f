import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareImage } from './prepare-image';
import { readReceiptFile } from './read-receipt-file';
import { OcrEngine } from './tesseract-engine';

const engine = new OcrEngine();
afterAll(() => engine.terminate());

const GERMAN_LINES = [
  'BÄCKEREI MÜLLER GMBH',
  'HAUPTSTRASSE 12',
  '10115 BERLIN',
  '24.11.2026 10:15',
  'Brötchen 1,20',
  'Käse 3,49',
  'Weißbrot 2,80',
  'SUMME EUR 7,49',
  'BAR 10,00',
  'RÜCKGELD 2,51',
];
const HEBREW_LINES = [
  'סופרמרקט השלום בע"מ',
  'רחוב הרצל 10 תל אביב',
  'תאריך 24/11/2026',
  'חלב 5.90',
  'לחם 7.50',
  'גבינה 12.60',
  'סה"כ 26.00',
  'מזומן 50.00',
  'עודף 24.00',
];
const ENGLISH_LINES = ['    FRESHWAY MARKET', 'DATE 04/12/2016', 'OATS 500G            4.29', 'TOTAL                4.29'];

/** A receipt photo: one line per row in DejaVu Sans (which has Hebrew glyphs), right-aligned for right-to-left. */
async function renderReceipt(lines: readonly string[], isRightToLeft = false): Promise<Buffer> {
  const rows = lines
    .map((line, index) => {
      const x = isRightToLeft ? 690 : 30;
      const anchor = isRightToLeft ? ' text-anchor="end"' : '';
      return `<text x="${x}" y="${50 + index * 34}"${anchor} xml:space="preserve">${line.replaceAll('"', '&quot;')}</text>`;
    })
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="${lines.length * 34 + 60}">` +
    `<rect width="100%" height="100%" fill="#fff"/><g font-family="DejaVu Sans" font-size="24">${rows}</g></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

describe('OcrEngine in the receipt locale', () => {
  it('reads a German receipt with German data: umlauts and ß, items and total', { timeout: 60_000 }, async () => {
    const photo = await renderReceipt(GERMAN_LINES);
    const result = await readReceiptFile(photo, { locale: 'de-DE', engine });
    for (const word of ['BÄCKEREI MÜLLER', 'Brötchen', 'Käse', 'Weißbrot', 'SUMME', 'RÜCKGELD']) expect(result.text).toContain(word);
    expect(result.parsed.store.value).toBe('BÄCKEREI MÜLLER GMBH');
    expect(result.parsed.date.value).toBe('2026-11-24');
    expect(result.parsed.total.value).toBe(7.49);
    expect(result.parsed.items.map((item) => [item.name, item.price])).toEqual([
      ['Brötchen', 1.2],
      ['Käse', 3.49],
      ['Weißbrot', 2.8],
    ]);
    // English data reads the same photo without the German letters.
    const english = await engine.recognize((await prepareImage(photo)).data, undefined, { locale: 'en-US' });
    expect(english.text).toMatch(/SUMME/);
    expect(english.text).not.toMatch(/[äöüÄÖÜß]/);
  });

  it('reads a Hebrew receipt with Hebrew data and no PP-OCR cross-reads', { timeout: 60_000 }, async () => {
    const photo = await renderReceipt(HEBREW_LINES, true);
    const prepared = (await prepareImage(photo)).data;
    const hebrew = await engine.recognize(prepared, undefined, { locale: 'he-IL' });
    for (const word of ['סופרמרקט', 'חלב', 'לחם', 'גבינה', 'סה"כ', 'עודף']) expect(hebrew.text).toContain(word);
    expect(hebrew.crossLinesRead).toBe(0);
    const result = await readReceiptFile(photo, { locale: 'he-IL', engine });
    expect(result.parsed.total.value).toBe(26);
    expect(result.parsed.date.value).toBe('2026-11-24');
    expect(result.parsed.items.map((item) => item.price)).toEqual([5.9, 7.5, 12.6]);
    const english = await engine.recognize(prepared, undefined, { locale: 'en-US' });
    expect(english.text).not.toMatch(/\p{Script=Hebrew}/u);
  });

  it('reads an English receipt the same after the worker read another language', { timeout: 60_000 }, async () => {
    const own = new OcrEngine({ crossReader: null });
    try {
      const english = (await prepareImage(await renderReceipt(ENGLISH_LINES))).data;
      const first = await own.recognize(english, undefined, { locale: 'en-US' });
      await own.recognize((await prepareImage(await renderReceipt(GERMAN_LINES))).data, undefined, { locale: 'de-DE' });
      const again = await own.recognize(english, undefined, { locale: 'en-MY' });
      expect(first.text).toContain('FRESHWAY MARKET');
      expect(again).toEqual(first);
    } finally {
      await own.terminate();
    }
  });
});
