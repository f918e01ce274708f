import { describe, expect, it } from 'vitest';
import { extractPdfText, joinRunsIntoLines, PdfHasNoTextError } from './pdf-text';
import { buildTextPdf } from './test-pdf';

describe('extractPdfText', () => {
  it('rebuilds lines and keeps columns apart', async () => {
    const pdf = buildTextPdf(['FRESHWAY MARKET', '04/12/2016', 'OATS 500G|4.29', 'TOTAL|4.29']);
    const text = await extractPdfText(pdf);
    const lines = text.split('\n');
    expect(lines[0]).toBe('FRESHWAY MARKET');
    expect(lines[2]).toMatch(/^OATS 500G\s{2,}4\.29$/);
    expect(lines[3]).toMatch(/^TOTAL\s+4\.29$/);
  });

  it('does not detach the caller’s buffer', async () => {
    const pdf = buildTextPdf(['TOTAL|1.00']);
    await extractPdfText(pdf);
    expect(pdf.length).toBeGreaterThan(0);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('reports a PDF without text', async () => {
    await expect(extractPdfText(buildTextPdf([]))).rejects.toBeInstanceOf(PdfHasNoTextError);
  });
});

describe('joinRunsIntoLines', () => {
  it('groups runs by baseline, top to bottom', () => {
    const text = joinRunsIntoLines([
      { text: '9.00', x: 300, y: 700, width: 20, height: 10 },
      { text: 'TOTAL', x: 40, y: 701, width: 30, height: 10 },
      { text: 'STORE', x: 40, y: 760, width: 30, height: 10 },
    ]);
    expect(text.split('\n')).toEqual(['STORE', 'TOTAL   9.00']);
  });
});
