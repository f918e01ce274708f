/**
 * Greedy CTC decoding of a recogniser's output: per time step take the most probable class, drop
 * repeats and blanks. Class 0 is the CTC blank; class i (i >= 1) is dictionary[i - 1].
 */
export interface DecodedText {
  text: string;
  /** Mean probability of the emitted characters, 0..1 (0 for an empty line). */
  confidence: number;
}

export interface DecodeOptions {
  /**
   * PP-OCR's Chinese-trained recogniser often drops the space between Latin words (`25/01/20181:22:56PM`).
   * A gap between two characters' time steps at least this many times the line's median character pitch
   * gets a space inserted; 0 disables it.
   */
  spaceGapRatio?: number;
}

/**
 * `probabilities` holds `steps * classes` values for one line (row-major: step, then class), as PP-OCR's
 * recogniser returns them after its softmax.
 */
export function decodeCtcGreedy(
  probabilities: Float32Array,
  steps: number,
  classes: number,
  dictionary: readonly string[],
  { spaceGapRatio = 0 }: DecodeOptions = {},
): DecodedText {
  const characters: string[] = [];
  const positions: number[] = [];
  let sum = 0;
  let count = 0;
  let previous = -1;
  for (let step = 0; step < steps; step += 1) {
    const offset = step * classes;
    let best = 0;
    let bestValue = -Infinity;
    for (let index = 0; index < classes; index += 1) {
      const value = probabilities[offset + index] ?? -Infinity;
      if (value > bestValue) {
        bestValue = value;
        best = index;
      }
    }
    if (best !== 0 && best !== previous) {
      characters.push(dictionary[best - 1] ?? '');
      positions.push(step);
      sum += bestValue;
      count += 1;
    }
    previous = best;
  }
  const text = spaceGapRatio > 0 ? insertSpaces(characters, positions, spaceGapRatio) : characters.join('');
  return { text, confidence: count > 0 ? sum / count : 0 };
}

/** Joins characters, adding a space where the step gap to the previous one is wide (see DecodeOptions). */
export function insertSpaces(characters: readonly string[], positions: readonly number[], ratio: number): string {
  const gaps: number[] = [];
  for (let index = 1; index < positions.length; index += 1) {
    if (characters[index] !== ' ' && characters[index - 1] !== ' ') gaps.push((positions[index] ?? 0) - (positions[index - 1] ?? 0));
  }
  // Too few characters for a pitch estimate.
  if (gaps.length < 3) return characters.join('');
  const pitch = [...gaps].sort((a, b) => a - b)[gaps.length >> 1] ?? 1;
  let text = characters[0] ?? '';
  for (let index = 1; index < characters.length; index += 1) {
    const character = characters[index] ?? '';
    const gap = (positions[index] ?? 0) - (positions[index - 1] ?? 0);
    if (character !== ' ' && !text.endsWith(' ') && gap >= ratio * Math.max(1, pitch)) text += ' ';
    text += character;
  }
  return text;
}

/** PP-OCR's character list: one character per line of the keys file, plus a space as the last class. */
export function parseDictionary(keys: string): string[] {
  const lines = keys.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return [...lines, ' '];
}
