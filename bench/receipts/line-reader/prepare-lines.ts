// Cuts SROIE's annotated text lines out of the receipt photos for training the receipt line reader.
// Usage: node --import tsx bench/receipts/line-reader/prepare-lines.ts <out-dir>
// Writes <out-dir>/{dev,holdout}.bin (grayscale rows, height LINE_HEIGHT) and .json (offset, width, text per line).
// Only dev receipts train; holdout lines are written for measuring, never for training.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { flattenLighting } from '@cartwise/receipt-reader/ocr/flatten-lighting';
import { createRng } from '../../optimize/random';
import { assignSplit } from '../split';

const DATA_DIR = path.resolve(import.meta.dirname, '../../../../shared/data/receipts/sroie-train');
export const LINE_HEIGHT = 32;
const MAX_WIDTH = 800;

interface GroundTruth {
  id: string;
  image: string;
  ocr_lines: { text: string; bbox: [number, number, number, number] }[];
}

type AnnotatedLine = GroundTruth['ocr_lines'][number];

/**
 * SROIE annotates each printed segment apart (`1 PC`, `9.000`, `9.00`); the app reads whole rows, as tesseract finds
 * them, with wide gaps between columns. Segments whose heights overlap by half are joined into one row sample, text
 * joined by single spaces, so the reader learns that a gap is one space.
 */
function joinRows(lines: readonly AnnotatedLine[]): AnnotatedLine[] {
  const rows: AnnotatedLine[][] = [];
  for (const line of [...lines].sort((a, b) => a.bbox[1] - b.bbox[1])) {
    const row = rows.find((candidate) =>
      candidate.some((other) => {
        const overlap = Math.min(other.bbox[3], line.bbox[3]) - Math.max(other.bbox[1], line.bbox[1]);
        return overlap >= 0.5 * Math.min(other.bbox[3] - other.bbox[1], line.bbox[3] - line.bbox[1]);
      }),
    );
    if (row) row.push(line);
    else rows.push([line]);
  }
  return rows
    .filter((row) => row.length > 1)
    .map((row) => {
      const sorted = row.sort((a, b) => a.bbox[0] - b.bbox[0]);
      const bbox: [number, number, number, number] = [
        Math.min(...sorted.map((l) => l.bbox[0])),
        Math.min(...sorted.map((l) => l.bbox[1])),
        Math.max(...sorted.map((l) => l.bbox[2])),
        Math.max(...sorted.map((l) => l.bbox[3])),
      ];
      return { text: sorted.map((l) => l.text.trim()).join(' '), bbox };
    });
}

async function main(): Promise<void> {
  const outDir = process.argv[2] ?? '.tmp/line-reader-data';
  fs.mkdirSync(outDir, { recursive: true });
  const rng = createRng(20261122);
  const files = fs
    .readdirSync(path.join(DATA_DIR, 'gt'))
    .filter((f) => f.endsWith('.json'))
    .sort();
  const outputs = {
    dev: { chunks: [] as Buffer[], index: [] as { offset: number; width: number; text: string; id: string; isRow: boolean }[], offset: 0 },
    holdout: {
      chunks: [] as Buffer[],
      index: [] as { offset: number; width: number; text: string; id: string; isRow: boolean }[],
      offset: 0,
    },
  };
  let done = 0;
  for (const file of files) {
    const truth = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'gt', file), 'utf8')) as GroundTruth;
    const out = outputs[assignSplit(truth.id)];
    const imagePath = path.join(DATA_DIR, 'gt', truth.image);
    const gray = await sharp(imagePath).rotate().grayscale().raw().toBuffer({ resolveWithObject: true });
    const { info } = gray;
    // What the app's reader sees (prepare-image.ts): lighting evened, contrast stretched on a dull photo.
    flattenLighting(new Uint8Array(gray.data.buffer, gray.data.byteOffset, gray.data.length), info.width, info.height);
    const stats = (await sharp(gray.data, { raw: { width: info.width, height: info.height, channels: 1 } }).stats()).channels[0];
    const isDull = stats !== undefined && stats.max - stats.min < 160;
    const data = isDull
      ? await sharp(gray.data, { raw: { width: info.width, height: info.height, channels: 1 } })
          .normalise()
          .toColourspace('b-w')
          .raw()
          .toBuffer()
      : gray.data;
    const rows = joinRows(truth.ocr_lines);
    for (const line of [...truth.ocr_lines, ...rows]) {
      const text = line.text.trim();
      if (!text || !/^[\x20-\x7E]+$/.test(text)) continue;
      const [x0, y0, x1, y1] = line.bbox;
      const height = y1 - y0;
      if (height < 6 || x1 - x0 < 4) continue;
      // Margins like the cross-read crops (paddle-line-reader.ts: 15 % of the height above and below, a few px aside), jittered.
      const vertical = Math.round(height * (0.05 + 0.2 * rng.next()));
      const left = Math.max(0, x0 - Math.round(2 + 6 * rng.next()));
      const top = Math.max(0, y0 - vertical);
      const right = Math.min(info.width, x1 + Math.round(2 + 6 * rng.next()));
      const bottom = Math.min(info.height, y1 + vertical);
      if (right - left < 4 || bottom - top < 6) continue;
      const width = Math.min(MAX_WIDTH, Math.max(8, Math.round(((right - left) * LINE_HEIGHT) / (bottom - top))));
      const pixels = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
        .extract({ left, top, width: right - left, height: bottom - top })
        .resize({ width, height: LINE_HEIGHT, fit: 'fill' })
        // sharp writes three channels from a one-channel raw input unless told otherwise.
        .extractChannel(0)
        .raw()
        .toBuffer();
      if (pixels.length !== width * LINE_HEIGHT) throw new Error(`unexpected crop size ${pixels.length} for ${width} x ${LINE_HEIGHT}`);
      out.chunks.push(pixels);
      out.index.push({ offset: out.offset, width, text, id: truth.id, isRow: rows.includes(line) });
      out.offset += pixels.length;
    }
    done += 1;
    if (done % 50 === 0) console.log(`${done}/${files.length}`);
  }
  for (const [split, out] of Object.entries(outputs)) {
    fs.writeFileSync(path.join(outDir, `${split}.bin`), Buffer.concat(out.chunks));
    fs.writeFileSync(path.join(outDir, `${split}.json`), JSON.stringify({ height: LINE_HEIGHT, lines: out.index }));
    console.log(split, out.index.length, 'lines');
  }
}

await main();
