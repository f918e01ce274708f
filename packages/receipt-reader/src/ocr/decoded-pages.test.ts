import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeGrayPng, openPage, readGrayRows, toTesseractImage } from './decoded-pages';

function makePixels(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height);
  for (let index = 0; index < data.length; index += 1) data[index] = (index * 7) % 256;
  return data;
}

describe('decoded pages', () => {
  it('gives back the pixels a PNG was encoded from, as a gray PNG that decodes to the same pixels', async () => {
    const pixels = { data: makePixels(30, 20), width: 30, height: 20 };
    const png = await encodeGrayPng(pixels);
    expect((await sharp(png).metadata()).channels).toBe(1);
    expect(await readGrayRows(png)).toBe(pixels);
    const top = await readGrayRows(png, 5);
    expect(top).toMatchObject({ width: 30, height: 5 });
    expect(Buffer.compare(top.data, pixels.data.subarray(0, 150))).toBe(0);
    // A copy of the PNG is not remembered: its rows are decoded, and match.
    const decoded = await readGrayRows(Buffer.from(png), 5);
    expect(decoded).not.toBe(top);
    expect(Buffer.compare(decoded.data, top.data)).toBe(0);
  });

  it('crops the remembered pixels like the PNG, and gives tesseract a PGM of them', async () => {
    const pixels = { data: makePixels(30, 20), width: 30, height: 20 };
    const png = await encodeGrayPng(pixels);
    const box = { left: 3, top: 4, width: 10, height: 6 };
    const fromPixels = await openPage(png).extract(box).grayscale().raw().toBuffer();
    const fromPng = await sharp(Buffer.from(png)).extract(box).grayscale().raw().toBuffer();
    expect(Buffer.compare(fromPixels, fromPng)).toBe(0);
    const pgm = toTesseractImage(png);
    expect(pgm.subarray(0, 13).toString('ascii')).toBe('P5\n30 20\n255\n');
    expect(Buffer.compare(pgm.subarray(13), pixels.data)).toBe(0);
    const other = Buffer.from(png);
    expect(toTesseractImage(other)).toBe(other);
  });
});
