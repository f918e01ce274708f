import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { estimateSkewDegrees } from './deskew';

const LINES = [
  'FRESHWAY MARKET',
  '1234 MAIN ST',
  'DATE 04/12/2016',
  'OATS 500G            4.29',
  'HONEY 12OZ           5.99',
  'TOTAL               10.28',
];

async function renderPage(degrees: number, ink = '#222'): Promise<{ pixels: Uint8Array; width: number; height: number }> {
  const text = LINES.map((line, index) => `<text x="40" y="${60 + index * 34}" xml:space="preserve">${line}</text>`).join('');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="300"><rect width="100%" height="100%" fill="#fff"/>` +
      `<g font-family="DejaVu Sans Mono" font-size="24" fill="${ink}">${text}</g></svg>`,
  );
  const { data, info } = await sharp(svg).rotate(degrees, { background: '#fff' }).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

describe('estimateSkewDegrees', () => {
  it.each([4, -4, 8, -9])('measures a page turned %s degrees', async (degrees) => {
    const page = await renderPage(degrees);
    expect(estimateSkewDegrees(page.pixels, page.width, page.height)).toBeCloseTo(degrees, 0);
  });

  it('finds a straight page straight', async () => {
    const page = await renderPage(0);
    expect(Math.abs(estimateSkewDegrees(page.pixels, page.width, page.height))).toBeLessThan(0.5);
  });

  it('measures faint print against its own paper, not a fixed mid-grey level', async () => {
    // All of this print is lighter than 128: at that level only specks counted, and a straight receipt measured 11.9.
    const page = await renderPage(5, '#b8b8b8');
    expect(estimateSkewDegrees(page.pixels, page.width, page.height)).toBeCloseTo(5, 0);
  });

  it('leaves a blank page at 0', () => {
    const blank = new Uint8Array(300 * 200).fill(250);
    expect(estimateSkewDegrees(blank, 300, 200)).toBe(0);
  });
});
