import { InferenceSession, Tensor } from 'onnxruntime-node';
import sharp from 'sharp';
import type { ReceiptOcrEngine, TextRecognition } from './ocr-types';
import { LazyResource } from './lazy-resource';
import { resolvePaddleModels } from './paddle-models';
import { createRecognizer, PADDLE_SESSION_OPTIONS, recognizeBoxes, type Recognizer } from './paddle-recognizer';
import { findTextBoxes, type Box } from './text-boxes';
import { assembleRows, rowsToText, type RecognizedBox } from './text-rows';

export interface PaddleOcrOptions {
  /** Longest side of the detector's input (rounded to a multiple of 32). 960: 1.9 s CPU in the spike. */
  maxSide?: number;
  /** Probability above which a detector pixel is text. */
  threshold?: number;
  /** Lines read per recogniser run (padded to the widest of them). */
  batchSize?: number;
  /** Lines read with a lower mean character probability are dropped. */
  minConfidence?: number;
  /** Widest line crop after scaling to height 48. */
  maxLineWidth?: number;
  /** A blank gap this many times the ink height wide inside a line is a space (DecodeOptions.gaps); 0: off. */
  wordGapRatio?: number;
  /** Overrides of the onnxruntime session options below (for experiments). */
  session?: InferenceSession.SessionOptions;
}

interface Sessions {
  detection: InferenceSession;
  recognition: Recognizer;
}

// ImageNet mean/std in the BGR channel order PP-OCR's detector was trained with.
const DET_MEAN = [0.406, 0.456, 0.485];
const DET_STD = [0.225, 0.224, 0.229];

/**
 * EXPERIMENTAL second OCR engine: PaddleOCR PP-OCRv4 (detection + recognition ONNX models) on
 * onnxruntime-node, one thread, no memory arena. Sessions are created on first use and reused; reads are
 * serialised. Boxes come from a connected-components pass over the detector's map and are read one line
 * crop each, then reassembled into tesseract-like rows for the parser.
 */
export class PaddleOcrEngine implements ReceiptOcrEngine {
  private readonly sessions: LazyResource<Sessions>;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly options: Required<Omit<PaddleOcrOptions, 'session'>>;
  private readonly sessionOptions: InferenceSession.SessionOptions;

  constructor(options: PaddleOcrOptions = {}) {
    this.sessionOptions = options.session ?? {};
    this.sessions = new LazyResource(
      () => createSessions(this.sessionOptions),
      async (sessions) => {
        await sessions.detection.release();
        await sessions.recognition.session.release();
      },
    );
    this.options = { maxSide: 960, threshold: 0.3, batchSize: 6, minConfidence: 0.5, maxLineWidth: 1600, wordGapRatio: 0.5, ...options };
  }

  recognize(image: Buffer): Promise<TextRecognition> {
    const run = () => this.read(image);
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  terminate(): Promise<void> {
    return this.sessions.release();
  }

  private async read(image: Buffer): Promise<TextRecognition> {
    const sessions = await this.sessions.get();
    const { data, info } = await sharp(image, { failOn: 'none' }).grayscale().raw().toBuffer({ resolveWithObject: true });
    const gray = new Uint8Array(data.buffer, data.byteOffset, info.width * info.height);
    const boxes = await this.detect(sessions.detection, data, info.width, info.height);
    const lines = await this.recognizeLines(sessions, gray, info.width, boxes);
    const kept = lines.filter((line) => line.confidence >= this.options.minConfidence);
    const text = rowsToText(assembleRows(kept));
    const confidence = kept.length > 0 ? (100 * kept.reduce((sum, line) => sum + line.confidence, 0)) / kept.length : 0;
    return { text, confidence };
  }

  /** Text boxes in the coordinates of the full-size grayscale image. */
  private async detect(session: InferenceSession, gray: Buffer, width: number, height: number): Promise<Box[]> {
    const scale = Math.min(1, this.options.maxSide / Math.max(width, height));
    const detWidth = Math.max(32, Math.round((width * scale) / 32) * 32);
    const detHeight = Math.max(32, Math.round((height * scale) / 32) * 32);
    const small = await sharp(gray, { raw: { width, height, channels: 1 } })
      .resize(detWidth, detHeight, { fit: 'fill' })
      .extractChannel(0)
      .raw()
      .toBuffer();
    const plane = detWidth * detHeight;
    const input = new Float32Array(3 * plane);
    for (let channel = 0; channel < 3; channel += 1) {
      const mean = DET_MEAN[channel] ?? 0;
      const std = DET_STD[channel] ?? 1;
      const offset = channel * plane;
      for (let index = 0; index < plane; index += 1) input[offset + index] = ((small[index] ?? 255) / 255 - mean) / std;
    }
    const output = await session.run({ [session.inputNames[0] ?? 'x']: new Tensor('float32', input, [1, 3, detHeight, detWidth]) });
    const map = output[session.outputNames[0] ?? '']?.data as Float32Array | undefined;
    if (!map) throw new Error('PaddleOCR detector returned no output');
    const scaleX = width / detWidth;
    const scaleY = height / detHeight;
    return findTextBoxes(map, detWidth, detHeight, { threshold: this.options.threshold })
      .map((box) => ({
        left: Math.max(0, Math.floor(box.left * scaleX)),
        top: Math.max(0, Math.floor(box.top * scaleY)),
        right: Math.min(width, Math.ceil(box.right * scaleX)),
        bottom: Math.min(height, Math.ceil(box.bottom * scaleY)),
      }))
      .filter((box) => box.right - box.left >= 4 && box.bottom - box.top >= 4);
  }

  private async recognizeLines(sessions: Sessions, gray: Uint8Array, imageWidth: number, boxes: Box[]): Promise<RecognizedBox[]> {
    const { batchSize, maxLineWidth, wordGapRatio } = this.options;
    const lines = await recognizeBoxes(sessions.recognition, gray, imageWidth, boxes, { batchSize, maxLineWidth, wordGapRatio });
    return boxes.map((box, index) => ({ ...box, text: lines[index]?.text ?? '', confidence: lines[index]?.confidence ?? 0 }));
  }
}

async function createSessions(overrides: InferenceSession.SessionOptions): Promise<Sessions> {
  // Throws a clear error before onnxruntime sees a missing path.
  const files = resolvePaddleModels();
  // Without pre-planned buffers 12 receipts peaked at 374 instead of 456 MB (input shapes change every run).
  const options: InferenceSession.SessionOptions = { ...PADDLE_SESSION_OPTIONS, ...overrides };
  const detection = await InferenceSession.create(files.detection, options);
  const recognition = await createRecognizer(files.recognition, files.dictionary, options);
  return { detection, recognition };
}
