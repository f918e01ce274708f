import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { PaddleOcrEngine } from './paddle-engine';

async function renderReceipt(lines: readonly [string, string][]): Promise<Buffer> {
  const rows = lines
    .map(
      ([left, right], index) =>
        `<text x="20" y="${50 + index * 40}">${left}</text><text x="380" y="${50 + index * 40}" text-anchor="end">${right}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="${40 + lines.length * 40}">
    <rect width="100%" height="100%" fill="white"/><g font-family="DejaVu Sans Mono, monospace" font-size="22" fill="black">${rows}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('PaddleOcrEngine (real PP-OCRv4 models)', () => {
  const engine = new PaddleOcrEngine();
  afterAll(() => engine.terminate());

  it('reads a rendered receipt and puts label and amount of a line on one row', async () => {
    const image = await renderReceipt([
      ['SUBTOTAL', '8.50'],
      ['TOTAL:', '9.00'],
    ]);
    const result = await engine.recognize(image);
    expect(result.text.split('\n')).toEqual(['SUBTOTAL 8.50', 'TOTAL: 9.00']);
    expect(result.confidence).toBeGreaterThan(80);
  }, 20_000);
});
