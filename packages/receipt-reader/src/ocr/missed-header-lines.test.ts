import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { OcrLine } from './line-rereads';
import { findMissedHeaderBands, readMissedHeaderLines, type BandReader } from './missed-header-lines';

const WIDTH = 400;
const HEIGHT = 600;

/** A white page with dark text-like stripes (every other 4 pixels inked) in the given rows. */
function drawPage(printed: readonly [number, number][], dark: readonly [number, number][] = []): Uint8Array {
  const gray = new Uint8Array(WIDTH * HEIGHT).fill(255);
  for (const [top, bottom] of printed) {
    for (let y = top; y < bottom; y += 1) for (let x = 40; x < 360; x += 1) if (x % 8 < 4) gray[y * WIDTH + x] = 20;
  }
  for (const [top, bottom] of dark) gray.fill(10, top * WIDTH, bottom * WIDTH);
  return gray;
}

function line(text: string, y0: number, y1: number, confidence = 90): OcrLine {
  return { text: `${text}\n`, confidence, bbox: { x0: 40, y0, x1: 360, y1 } };
}

// Page lines 20 px high; a large name (two 40 px rows) printed above them was not read.
const READ_LINES = [
  line('(Co. No. 113825-W)', 200, 220),
  line('No 8, Jalan 7/118B', 230, 250),
  line('56000 Kuala Lumpur', 260, 280),
  line('SUNWAY VELOCITY', 290, 310),
  line('Tel : 03-9201 6281', 320, 340),
];
/** The inked rows of the lines that were read, and of a two-row large-print header above them. */
const READ_ROWS = READ_LINES.map((read): [number, number] => [read.bbox.y0, read.bbox.y1]);
const HEADER_ROWS: [number, number][] = [
  [60, 100],
  [112, 152],
];

describe('findMissedHeaderBands', () => {
  it('finds large print above the first read line', () => {
    const gray = drawPage([...HEADER_ROWS, ...READ_ROWS]);
    expect(findMissedHeaderBands(gray, WIDTH, HEIGHT, READ_LINES)).toEqual([{ top: 60, bottom: 152 }]);
  });

  it('finds nothing when every inked header row is covered by a read line', () => {
    const gray = drawPage(READ_ROWS);
    expect(findMissedHeaderBands(gray, WIDTH, HEIGHT, READ_LINES)).toEqual([]);
  });

  it('ignores rules and specks thinner than a line, dark background, and print below the header', () => {
    const gray = drawPage([[100, 104], ...READ_ROWS, [400, 440]], [[0, 50]]);
    expect(findMissedHeaderBands(gray, WIDTH, HEIGHT, READ_LINES)).toEqual([]);
  });
});

describe('readMissedHeaderLines', () => {
  async function toPng(gray: Uint8Array): Promise<Buffer> {
    return sharp(Buffer.from(gray), { raw: { width: WIDTH, height: HEIGHT, channels: 1 } })
      .png()
      .toBuffer();
  }

  it('reads the band scaled down to the page line height and puts its sure lines above the read ones', async () => {
    const png = await toPng(drawPage([...HEADER_ROWS, ...READ_ROWS]));
    const crops: { width: number; height: number }[] = [];
    const readBand: BandReader = async (crop) => {
      const { width = 0, height = 0 } = await sharp(crop).metadata();
      crops.push({ width, height });
      // Boxes in the scaled crop's pixels.
      return [line('a', 0, 4, 10), line('POPULAR BOOK', 6, 26, 87), line('CO. (M) SDN BHD', 32, 52, 78)];
    };
    const result = await readMissedHeaderLines(png, READ_LINES, readBand);
    expect(crops).toHaveLength(1);
    // 40 px print on a page of 20 px lines: scaled by 1.3 x 20 / 40.
    expect(crops[0]?.width).toBe(Math.round(WIDTH * 0.65));
    expect(result.added).toBe(2);
    expect(result.lines.map((read) => read.text.trim())).toEqual([
      'POPULAR BOOK',
      'CO. (M) SDN BHD',
      ...READ_LINES.map((read) => read.text.trim()),
    ]);
    // Back in page pixels: the crop starts 6 px (0.3 line) above the band.
    expect(result.lines[0]?.bbox.y0).toBe(54 + Math.round(6 / 0.65));
  });

  it('reads no band when a header line already carries a legal name', async () => {
    const png = await toPng(drawPage([...HEADER_ROWS, ...READ_ROWS]));
    let reads = 0;
    const named = [line('TEO HENG STATIONERY SDN BHD', 200, 220), ...READ_LINES.slice(1)];
    const result = await readMissedHeaderLines(png, named, async () => {
      reads += 1;
      return [];
    });
    expect(reads).toBe(0);
    expect(result.lines).toEqual(named);
    // A legal form alone is the end of a name whose first line may be the one skipped.
    const unnamed = [line('CO. (M) SDN BHD', 200, 220), ...READ_LINES.slice(1)];
    await readMissedHeaderLines(png, unnamed, async () => {
      reads += 1;
      return [];
    });
    expect(reads).toBe(1);
  });

  it('leaves the page as read when there is no missed band, without reading anything', async () => {
    const png = await toPng(drawPage(READ_ROWS));
    let reads = 0;
    const result = await readMissedHeaderLines(png, READ_LINES, async () => {
      reads += 1;
      return [];
    });
    expect(reads).toBe(0);
    expect(result.added).toBe(0);
    expect(result.lines).toEqual(READ_LINES);
  });
});
