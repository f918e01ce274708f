/**
 * Greedy CTC decoding of a recogniser's output: per time step take the most probable class, drop
 * repeats and blanks. Class 0 is the CTC blank; class i (i >= 1) is dictionary[i - 1].
 */
export interface DecodedText {
  text: string;
  /** Mean probability of the emitted characters, 0..1 (0 for an empty line). */
  confidence: number;
  /** Probability of each character of `text`, 0..1 (1 for the spaces put back from word gaps). */
  characterConfidences: number[];
}

export interface DecodeOptions {
  /**
   * PP-OCR's Chinese-trained recogniser often drops the space between Latin words (`25/01/20181:22:56PM`).
   * Positions (in time steps) of wide blank gaps found in the line image: a space is inserted between
   * two characters emitted on either side of one.
   */
  gaps?: readonly number[];
}

export function decodeCtcGreedy(
  probabilities: Float32Array,
  steps: number,
  classes: number,
  dictionary: readonly string[],
  { gaps = [] }: DecodeOptions = {},
): DecodedText {
  const characters: string[] = [];
  const positions: number[] = [];
  const emitted: number[] = [];
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
      emitted.push(bestValue);
      sum += bestValue;
      count += 1;
    }
    previous = best;
  }
  const spaced = gaps.length > 0 ? insertSpaces(characters, positions, gaps) : characters;
  const text = spaced.join('');
  // A dictionary entry is one character, so `spaced` lines up with `text`; spaces were not emitted by the model.
  let next = 0;
  const characterConfidences = spaced.map((character) => (character === ' ' && characters[next] !== ' ' ? 1 : (emitted[next++] ?? 0)));
  return { text, confidence: count > 0 ? sum / count : 0, characterConfidences };
}

/** Narrow punctuation next to a digit leaves wide blank columns in monospace print (`60.30`, `12/05`). */
const PUNCTUATION = /[.,:;/-]/;
const DIGIT = /\d/;

function isBreakable(previous: string, next: string): boolean {
  if (previous === ' ' || next === ' ') return false;
  return !((PUNCTUATION.test(previous) && DIGIT.test(next)) || (DIGIT.test(previous) && PUNCTUATION.test(next)));
}

/** The characters with a space added between two characters on either side of a gap (see DecodeOptions). */
export function insertSpaces(characters: readonly string[], positions: readonly number[], gaps: readonly number[]): string[] {
  const spaced = characters.length > 0 ? [characters[0] ?? ''] : [];
  for (let index = 1; index < characters.length; index += 1) {
    const character = characters[index] ?? '';
    const from = positions[index - 1] ?? 0;
    const to = positions[index] ?? 0;
    if (isBreakable(characters[index - 1] ?? '', character) && spaced.at(-1) !== ' ' && gaps.some((gap) => gap > from && gap < to))
      spaced.push(' ');
    spaced.push(character);
  }
  return spaced;
}

/** Parse a PP-OCR character list: one character per line of the keys file, plus a space as the last class. */
export function parseDictionary(keys: string): string[] {
  const lines = keys.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return [...lines, ' '];
}
