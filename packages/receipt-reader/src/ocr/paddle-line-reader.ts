import { openPage, readGrayRows } from './decoded-pages';
import type { LineCrossReader } from './cross-read';
import type { LineBox, LineRead } from './line-rereads';
import { LazyResource } from './lazy-resource';
import { resolvePaddleModels } from './paddle-models';
import {
  createRecognizer,
  DEFAULT_RECOGNIZER_OPTIONS,
  PADDLE_SESSION_OPTIONS,
  recognizeBoxes,
  type Recognizer,
  type RecognizerOptions,
} from './paddle-recognizer';
import type { Box } from './text-boxes';

/** Room above and below tesseract's line box (share of its height): its boxes hug the ink, PP-OCR wants a margin. */
const VERTICAL_MARGIN = 0.15;
const HORIZONTAL_MARGIN_PX = 4;
const MIN_BOX_PX = 4;
/**
 * One line per recogniser run: tesseract's line boxes differ widely in width (a short store name, a long date and
 * time line), and padding a batch to its widest line nearly doubles the CPU.
 */
const LINE_READER_OPTIONS: RecognizerOptions = { ...DEFAULT_RECOGNIZER_OPTIONS, batchSize: 1 };

/** Grows tesseract's line box by the margins PP-OCR's recogniser was trained with, inside the image. */
export function toRecognizerBox(bbox: LineBox, width: number, height: number): Box | null {
  const margin = Math.max(2, Math.round((bbox.y1 - bbox.y0) * VERTICAL_MARGIN));
  const box = {
    left: Math.max(0, bbox.x0 - HORIZONTAL_MARGIN_PX),
    top: Math.max(0, bbox.y0 - margin),
    right: Math.min(width, bbox.x1 + HORIZONTAL_MARGIN_PX),
    bottom: Math.min(height, bbox.y1 + margin),
  };
  return box.right - box.left >= MIN_BOX_PX && box.bottom - box.top >= MIN_BOX_PX ? box : null;
}

/**
 * PP-OCRv4's recogniser alone (no detector: tesseract already found the lines), for cross-reads. The model is
 * loaded on first use (~0.2 s) and kept until terminate().
 */
export class PaddleLineReader implements LineCrossReader {
  /** Its dictionary (ppocr_keys_v1) holds Chinese characters, ASCII and a few accented Latin letters; no Hebrew. */
  readonly scripts: readonly string[] = ['Latn', 'Hans', 'Hant'];
  private readonly recognizer = new LazyResource<Recognizer>(
    async () => {
      // Rejects with a clear error before onnxruntime sees a missing path.
      const files = resolvePaddleModels();
      return createRecognizer(files.recognition, files.dictionary, PADDLE_SESSION_OPTIONS);
    },
    (recognizer) => recognizer.session.release(),
  );

  async readLines(png: Buffer, boxes: readonly LineBox[]): Promise<LineRead[]> {
    if (boxes.length === 0) return [];
    const recognizer = await this.recognizer.get();
    const { width = 0, height = 0 } = await openPage(png).metadata();
    const grown = boxes.map((bbox) => toRecognizerBox(bbox, width, height));
    const readable = grown.flatMap((box, index) => (box ? [{ box, index }] : []));
    if (readable.length === 0) return boxes.map(() => ({ text: '', confidence: 0 }));
    // Only the rows down to the lowest box are decoded: the store and date lines sit near the top of a long page.
    const rows = Math.max(...readable.map((item) => item.box.bottom));
    const page = await readGrayRows(png, rows);
    const gray = new Uint8Array(page.data.buffer, page.data.byteOffset, page.width * page.height);
    const lines = await recognizeBoxes(
      recognizer,
      gray,
      page.width,
      readable.map((item) => item.box),
      LINE_READER_OPTIONS,
    );
    const reads: LineRead[] = boxes.map(() => ({ text: '', confidence: 0 }));
    readable.forEach((item, position) => {
      const line = lines[position];
      if (line) reads[item.index] = { text: line.text, confidence: 100 * line.confidence, characterConfidences: line.characterConfidences };
    });
    return reads;
  }

  terminate(): Promise<void> {
    return this.recognizer.release();
  }
}
