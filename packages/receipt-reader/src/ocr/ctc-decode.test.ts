import { describe, expect, it } from 'vitest';
import { decodeCtcGreedy, insertSpaces, parseDictionary } from './ctc-decode';

/** One-hot-ish rows: at each step `winner` gets `p`, the rest share what is left. */
function steps(winners: readonly number[], classes: number, p = 0.9): Float32Array {
  const data = new Float32Array(winners.length * classes).fill((1 - p) / (classes - 1));
  winners.forEach((winner, step) => {
    data[step * classes + winner] = p;
  });
  return data;
}

describe('decodeCtcGreedy', () => {
  const dictionary = ['A', 'B', '9', ' '];

  it('drops blanks and repeats but keeps a repeat separated by a blank', () => {
    // blank A A blank A B B blank
    const result = decodeCtcGreedy(steps([0, 1, 1, 0, 1, 2, 2, 0], 5), 8, 5, dictionary);
    expect(result.text).toBe('AAB');
    expect(result.confidence).toBeCloseTo(0.9);
  });

  it('maps class i to dictionary[i - 1], the last class to a space', () => {
    expect(decodeCtcGreedy(steps([3, 0, 4, 0, 1], 5), 5, 5, dictionary).text).toBe('9 A');
  });

  it('averages the emitted characters only', () => {
    const data = steps([1, 0, 2], 5);
    data[0 * 5 + 1] = 0.6;
    const result = decodeCtcGreedy(data, 3, 5, dictionary);
    expect(result.text).toBe('AB');
    expect(result.confidence).toBeCloseTo(0.75);
    expect(result.characterConfidences.map((value) => Number(value.toFixed(2)))).toEqual([0.6, 0.9]);
  });

  it('returns an empty line with confidence 0 when every step is blank', () => {
    expect(decodeCtcGreedy(steps([0, 0, 0], 5), 3, 5, dictionary)).toEqual({ text: '', confidence: 0, characterConfidences: [] });
  });
});

describe('parseDictionary', () => {
  it('reads one character per line and appends the space class', () => {
    expect(parseDictionary('a\nb\r\n1\n')).toEqual(['a', 'b', '1', ' ']);
  });
});

describe('insertSpaces', () => {
  it('adds a space between characters on either side of a gap, once', () => {
    expect(insertSpaces([...'25/01/20181:22'], [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 34, 37, 40, 43], [31, 32]).join('')).toBe(
      '25/01/2018 1:22',
    );
  });

  it('never puts a space between a digit and narrow punctuation', () => {
    expect(insertSpaces([...'60.30'], [0, 3, 8, 13, 16], [6, 10]).join('')).toBe('60.30');
    expect(insertSpaces([...'MR.D.I.Y.'], [0, 3, 6, 10, 13, 16, 19, 22, 25], [8]).join('')).toBe('MR. D.I.Y.');
    expect(insertSpaces([...'A&B'], [0, 6, 12], [3, 9]).join('')).toBe('A & B');
  });

  it('keeps existing spaces and ignores gaps outside the characters', () => {
    expect(insertSpaces([...'AB CD'], [0, 3, 6, 9, 12], [7, -2, 20]).join('')).toBe('AB CD');
  });

  it('is used by decodeCtcGreedy only when gaps are given', () => {
    const dictionary = ['A', 'B', '9', ' '];
    // A . . . . . B 9 A
    const data = steps([1, 0, 0, 0, 0, 0, 2, 3, 1], 5);
    expect(decodeCtcGreedy(data, 9, 5, dictionary).text).toBe('AB9A');
    const spaced = decodeCtcGreedy(data, 9, 5, dictionary, { gaps: [3.5] });
    expect(spaced.text).toBe('A B9A');
    // The space put back from the gap was not emitted by the model: it gets 1, the emitted space class its own.
    expect(spaced.characterConfidences.map((value) => Number(value.toFixed(2)))).toEqual([0.9, 1, 0.9, 0.9, 0.9]);
  });
});
