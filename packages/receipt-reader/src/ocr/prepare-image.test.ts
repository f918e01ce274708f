import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { estimateSkewDegrees } from './deskew';
import { readGrayRows } from './decoded-pages';
import {
  clearDarkBorder,
  clearDarkBorderOfPng,
  findInkBox,
  findPrintedArea,
  MAX_OCR_WIDTH,
  prepareImage,
  softenPrintOfPng,
} from './prepare-image';

function drawReceipt(width: number, height: number, box: { left: number; top: number; width: number; height: number }): string {
  const rows = Array.from(
    { length: Math.floor(box.height / 20) },
    (_, index) => `<rect x="${box.left}" y="${box.top + index * 20}" width="${box.width}" height="8" fill="#000"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${rows}</svg>`;
}

describe('prepareImage', () => {
  it('shrinks scans wider than the OCR limit and outputs PNG', async () => {
    const input = await sharp(Buffer.from(drawReceipt(3000, 1000, { left: 100, top: 100, width: 2800, height: 800 })))
      .jpeg()
      .toBuffer();
    const prepared = await prepareImage(input);
    expect(prepared.width).toBe(MAX_OCR_WIDTH);
    expect((await sharp(prepared.data).metadata()).format).toBe('png');
  });

  it('levels a receipt on a dark table by its print, not by the table around it', async () => {
    // Printed crooked on its paper (the printer fed it at 5 degrees), photographed straight on a dark table: measured
    // with the table, the straight edges of the paper won and the print stayed tilted.
    const lines = Array.from(
      { length: 9 },
      (_, index) => `<text x="30" y="${50 + index * 34}">ITEM NUMBER ${index + 1} OF THE LIST ${index + 3}.99</text>`,
    ).join('');
    const printed = `<svg xmlns="http://www.w3.org/2000/svg" width="560" height="366"><rect width="100%" height="100%" fill="#f4f2ec"/><g font-family="DejaVu Sans Mono" font-size="20" fill="#222">${lines}</g></svg>`;
    const crooked = await sharp(Buffer.from(printed)).rotate(5, { background: '#f4f2ec' }).toBuffer();
    const photo = await sharp(crooked).extend({ top: 100, bottom: 100, left: 100, right: 100, background: '#303030' }).jpeg().toBuffer();
    const prepared = await prepareImage(photo);
    const { data, info } = await sharp(prepared.data).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const paper = Uint8Array.from(data);
    clearDarkBorder(paper, info.width, info.height);
    expect(Math.abs(estimateSkewDegrees(paper, info.width, info.height))).toBeLessThan(1);
  });

  it('crops a small receipt out of a page and enlarges it', async () => {
    const input = await sharp(Buffer.from(drawReceipt(1200, 1600, { left: 400, top: 300, width: 300, height: 600 })))
      .png()
      .toBuffer();
    const prepared = await prepareImage(input);
    expect(prepared.width).toBe(800);
    expect(prepared.height).toBeLessThan(1900);
  });

  it('stretches a dull scan to black on white and keeps its rows where they were', async () => {
    // Grey print on grey paper (the whole image spans 80 levels): the contrast is stretched before reading.
    const rows = Array.from(
      { length: 20 },
      (_, index) => `<rect x="50" y="${100 + index * 20}" width="600" height="8" fill="#707070"/>`,
    ).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="600"><rect width="100%" height="100%" fill="#c0c0c0"/>${rows}</svg>`;
    const prepared = await prepareImage(await sharp(Buffer.from(svg)).png().toBuffer());
    const { data, info } = await sharp(prepared.data).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(prepared.width);
    const rowMeans = Array.from(
      { length: info.height },
      (_, y) => data.subarray(y * info.width, (y + 1) * info.width).reduce((sum, v) => sum + v, 0) / info.width,
    );
    const runs: number[] = [];
    rowMeans.forEach((mean, y) => {
      if (mean >= 100) return;
      if (y > 0 && (rowMeans[y - 1] ?? 255) < 100) runs[runs.length - 1]! += 1;
      else runs.push(1);
    });
    // 20 bars of 8 rows stay 20 bars of about 8 dark rows, with white paper between them.
    expect(runs).toHaveLength(20);
    expect(Math.min(...runs)).toBeGreaterThanOrEqual(6);
    expect(Math.max(...runs)).toBeLessThanOrEqual(10);
    expect(rowMeans.filter((mean) => mean > 200).length).toBeGreaterThan(info.height / 3);
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

describe('findPrintedArea', () => {
  it('finds faint print lighter than mid-grey instead of cropping to one dark mark', () => {
    const width = 200;
    const height = 300;
    const pixels = new Uint8Array(width * height).fill(245);
    // Faint text rows across most of the receipt, and one small dark pen mark near the bottom.
    for (let y = 20; y < 260; y += 8) for (let x = 20; x < 180; x += 1) if (x % 3 !== 0) pixels[y * width + x] = 170;
    for (let y = 270; y < 285; y += 1) for (let x = 150; x < 158; x += 1) pixels[y * width + x] = 20;
    const atFixedLevel = findInkBox(pixels, width, height, 0);
    expect(atFixedLevel.width).toBeLessThan(20);
    const area = findPrintedArea(pixels, width, height);
    expect(area.width).toBeGreaterThan(150);
    expect(area.height).toBeGreaterThan(240);
  });

  it('keeps the fixed-level box when it already covers the receipt', () => {
    const width = 100;
    const height = 100;
    const pixels = new Uint8Array(width * height).fill(255);
    for (let y = 10; y < 90; y += 1) for (let x = 10; x < 90; x += 1) if ((x + y) % 4 === 0) pixels[y * width + x] = 0;
    expect(findPrintedArea(pixels, width, height)).toEqual(findInkBox(pixels, width, height));
  });

  // 400 x 400 paper with rows of print 4 px tall every 12 px: darker than mid-grey on the left half, and on the right
  // whatever `drawRight` puts there.
  function drawHalfReceipt(drawRight: (pixels: Uint8Array, x: number, y: number) => void): Uint8Array {
    const pixels = new Uint8Array(400 * 400).fill(245);
    for (let y = 20; y < 380; y += 1) {
      for (let x = 20; x < 380; x += 1) {
        if (x < 200 && (y - 20) % 12 < 4 && x % 3 !== 0) pixels[y * 400 + x] = 110;
        else if (x >= 210) drawRight(pixels, x, y);
      }
    }
    return pixels;
  }

  it('widens the crop over print that faded on one side of the receipt', () => {
    const pixels = drawHalfReceipt((page, x, y) => {
      if ((y - 20) % 12 < 4 && x % 3 !== 0) page[y * 400 + x] = 160;
    });
    const atFixedLevel = findInkBox(pixels, 400, 400);
    expect(atFixedLevel.left + atFixedLevel.width).toBeLessThan(215);
    const area = findPrintedArea(pixels, 400, 400);
    expect(area.left + area.width).toBeGreaterThan(378);
    expect(area.left).toBe(atFixedLevel.left);
  });

  it('does not widen the crop over specks or a shadow down the paper edge beside the print', () => {
    const specks = drawHalfReceipt((page, x, y) => {
      if ((x * 7 + y * 13) % 97 === 0) page[y * 400 + x] = 160;
    });
    expect(findPrintedArea(specks, 400, 400)).toEqual(findInkBox(specks, 400, 400));
    const shadow = drawHalfReceipt((page, x, y) => {
      if (x < 240) page[y * 400 + x] = 160;
    });
    expect(findPrintedArea(shadow, 400, 400)).toEqual(findInkBox(shadow, 400, 400));
  });
});

describe('clearDarkBorder', () => {
  // 12 x 8: a black frame two pixels wide, a black torn edge entering from the right, and dark print inside.
  function drawFramedPage(): Uint8Array {
    const width = 12;
    const pixels = new Uint8Array(width * 8).fill(240);
    for (let y = 0; y < 8; y += 1) {
      for (let x = 0; x < width; x += 1) if (x < 2 || x >= 10 || y < 2 || y >= 6) pixels[y * width + x] = 10;
    }
    pixels[3 * width + 9] = 20; // the torn edge, joined to the frame
    pixels[3 * width + 8] = 30;
    pixels[4 * width + 4] = 0; // print: dark, but not joined to the edge
    pixels[4 * width + 5] = 60;
    return pixels;
  }

  it('whitens dark pixels joined to the edge and keeps print that is not', () => {
    const pixels = drawFramedPage();
    const painted = clearDarkBorder(pixels, 12, 8);
    expect(painted).toBe(96 - 8 * 4 + 2);
    expect(pixels[3 * 12 + 8]).toBe(255);
    expect(pixels[0]).toBe(255);
    expect(pixels[4 * 12 + 4]).toBe(0);
    expect(pixels[4 * 12 + 5]).toBe(60);
  });

  it('leaves a page without a dark edge as it is', () => {
    const pixels = new Uint8Array(12 * 8).fill(230);
    pixels[40] = 0;
    expect(clearDarkBorder(pixels, 12, 8)).toBe(0);
    expect(pixels[40]).toBe(0);
  });

  it('returns a PNG of the same size', async () => {
    const framed = Buffer.from(drawFramedPage());
    const png = await sharp(framed, { raw: { width: 12, height: 8, channels: 1 } })
      .png()
      .toBuffer();
    const cleared = await clearDarkBorderOfPng(png);
    const { data, info } = await sharp(cleared).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([12, 8]);
    expect(data[0]).toBe(255);
    expect(data[4 * 12 + 4]).toBe(0);
  });
});

describe('softenPrintOfPng', () => {
  it('joins the dots of a dot-matrix stroke into one line of the same size page', async () => {
    // A horizontal stroke of dots 1 px wide, 2 px apart, on white paper.
    const width = 40;
    const height = 9;
    const pixels = Buffer.alloc(width * height, 255);
    for (let x = 4; x < 36; x += 3) pixels[4 * width + x] = 0;
    const page = await sharp(pixels, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
    const softened = await readGrayRows(await softenPrintOfPng(page));
    expect([softened.width, softened.height]).toEqual([width, height]);
    const row = [...softened.data.subarray(4 * width + 4, 4 * width + 34)];
    // Between the dots the paper was white; softened, every pixel of the stroke is clearly darker than the paper.
    expect(Math.max(...row)).toBeLessThan(235);
    expect(pixels[4 * width + 5]).toBe(255);
  });
});
