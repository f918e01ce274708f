import { readFileSync } from 'node:fs';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { decodeCtcGreedy, parseDictionary } from './ctc-decode';
import { findWordGaps, REC_HEIGHT, scaledLineWidth, writeLine } from './line-tensor';
import type { Box } from './text-boxes';

/**
 * PP-OCRv4's line recogniser on onnxruntime-node, shared by the experimental whole-page engine (decision 0004)
 * and the cross-reads of the tesseract pipeline (decision 0006).
 */
export interface RecognizerOptions {
  /** Lines read per recogniser run (padded to the widest of them). */
  batchSize: number;
  /** Widest line crop after scaling to height 48. */
  maxLineWidth: number;
  /** A blank gap this many times the ink height wide inside a line is a space (DecodeOptions.gaps); 0: off. */
  wordGapRatio: number;
}

export const DEFAULT_RECOGNIZER_OPTIONS: Readonly<RecognizerOptions> = { batchSize: 6, maxLineWidth: 1600, wordGapRatio: 0.5 };

export interface Recognizer {
  session: InferenceSession;
  dictionary: string[];
}

export interface RecognizedLine {
  text: string;
  /** Mean probability of the emitted characters, 0..1. */
  confidence: number;
  /** Probability of each character of `text`, 0..1. */
  characterConfidences: number[];
}

/**
 * One intra/inter-op thread (the job worker reads one receipt at a time on one core), no CPU memory arena and no
 * memory pattern: input shapes change with every line batch, and pre-planned buffers only raised peak RSS.
 */
export const PADDLE_SESSION_OPTIONS: Readonly<InferenceSession.SessionOptions> = {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  enableCpuMemArena: false,
  executionMode: 'sequential',
  enableMemPattern: false,
};

export async function createRecognizer(
  modelFile: string,
  dictionaryFile: string,
  options: InferenceSession.SessionOptions,
): Promise<Recognizer> {
  const session = await InferenceSession.create(modelFile, options);
  return { session, dictionary: parseDictionary(readFileSync(dictionaryFile, 'utf8')) };
}

/** Reads each box of a grayscale image as one text line; results are in the order of `boxes`. */
export async function recognizeBoxes(
  recognizer: Recognizer,
  gray: Uint8Array,
  imageWidth: number,
  boxes: readonly Box[],
  options: Readonly<RecognizerOptions> = DEFAULT_RECOGNIZER_OPTIONS,
): Promise<RecognizedLine[]> {
  const { session, dictionary } = recognizer;
  const result: RecognizedLine[] = boxes.map(() => ({ text: '', confidence: 0, characterConfidences: [] }));
  // Similar widths in one batch keep the padding small.
  const items = boxes
    .map((box, index) => ({ box, index, width: scaledLineWidth(box, options.maxLineWidth) }))
    .sort((a, b) => a.width - b.width);
  for (let start = 0; start < items.length; start += options.batchSize) {
    const batch = items.slice(start, start + options.batchSize);
    const batchWidth = Math.max(...batch.map((item) => item.width));
    const input = new Float32Array(batch.length * 3 * REC_HEIGHT * batchWidth);
    batch.forEach((item, slot) => writeLine(input, slot, batchWidth, gray, imageWidth, item.box, item.width));
    const output = await session.run({
      [session.inputNames[0] ?? 'x']: new Tensor('float32', input, [batch.length, 3, REC_HEIGHT, batchWidth]),
    });
    const tensor = output[session.outputNames[0] ?? ''];
    if (!tensor) throw new Error('PaddleOCR recogniser returned no output');
    const [, steps = 0, classes = 0] = tensor.dims;
    const data = tensor.data as Float32Array;
    batch.forEach((item, slot) => {
      const cropWidth = item.box.right - item.box.left;
      // Crop pixels -> time steps of this line (the recogniser emits one step per batchWidth / steps columns).
      const toStep = (item.width / cropWidth) * (steps / batchWidth);
      const gaps =
        options.wordGapRatio > 0 ? findWordGaps(gray, imageWidth, item.box, options.wordGapRatio).map((gap) => gap * toStep) : [];
      result[item.index] = decodeCtcGreedy(
        data.subarray(slot * steps * classes, (slot + 1) * steps * classes),
        steps,
        classes,
        dictionary,
        { gaps },
      );
    });
  }
  return result;
}
