import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findInkBox, MAX_OCR_WIDTH, prepareImage } from './prepare-image';

function drawReceipt(width: number, height: number, box: { left: number; top: number; width: number; height: number }): string {
  const rows = Array.from({ length: Math.floor(box.height / 20) }, (_, index) =>
    `<rect x="${box.left}" y="${box.top + index * 20}" width="${box.width}" height="8" fill="#000"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${rows}</svg>`;
}

describe('prepareImage', () => {
  it('shrinks scans wider than the OCR limit and outputs PNG', async () => {
    const input = await sharp(Buffer.from(drawReceipt(3000, 1000, { left: 100, top: 100, width: 2800, height: 800 }))).jpeg().toBuffer();
    const prepared = await prepareImage(input);
    expect(prepared.width).toBe(MAX_OCR_WIDTH);
    expect((await sharp(prepared.data).metadata()).format).toBe('png');
  });

  it('crops a small receipt out of a page and enlarges it', async () => {
    const input = await sharp(Buffer.from(drawReceipt(1200, 1600, { left: 400, top: 300, width: 300, height: 600 }))).png().toBuffer();
    const prepared = await prepareImage(input);
    expect(prepared.width).toBe(800);
    expect(prepared.height).toBeLessThan(1900);
  });

  it('applies EXIF orientation and drops metadata', async () => {
    const input = await sharp(Buffer.from(drawReceipt(900, 300, { left: 50, top: 50, width: 800, height: 200 })))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const prepared = await prepareImage(input);
    const metadata = await sharp(prepared.data).metadata();
    expect(prepared.height).toBeGreaterThan(prepared.width);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });
});

describe('findInkBox', () => {
  it('ignores isolated specks outside the receipt', () => {
    const width = 100;
    const height = 100;
    const pixels = new Uint8Array(width * height).fill(255);
    for (let y = 20; y < 80; y += 1) for (let x = 30; x < 60; x += 1) pixels[y * width + x] = 0;
    pixels[5 * width + 95] = 0;
    expect(findInkBox(pixels, width, height, 0)).toEqual({ left: 30, top: 20, width: 30, height: 60 });
  });
});
