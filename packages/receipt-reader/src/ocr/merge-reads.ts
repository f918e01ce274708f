/**
 * Merges two reads of one receipt line: tesseract's (the page read) and PP-OCR's recogniser (the cross-read,
 * decision 0006). Each is wrong where the other is right in a predictable way:
 * - PP-OCR's letters are better (`AFON` -> `AEON`, `JOHGR` -> `JOHOR`, `2016` -> `2018` in dates), but its
 *   Chinese-trained model drops spaces between Latin words (`UNIHAKKAINTERNATIONALSDNBHD`), drops small
 *   punctuation (`16.10` -> `1610`) and reads digits as look-alike letters (`0.02` -> `O.02`, `0.co`);
 * - tesseract keeps spaces and punctuation but misreads letters and digits.
 * So the merge takes PP-OCR's characters, tesseract's spaces and punctuation, and tesseract's digit wherever
 * PP-OCR only offers a look-alike letter for it. Two reads too different to be the same line keep tesseract's.
 */
import { RELIABLY_READ_LEGAL_WORDS } from '../parse/vocabulary/en-my';

const CURRENCY_SIGNS = /[$€£¥]/;
/**
 * Punctuation PP-OCR tends to drop; tesseract's is kept when PP-OCR has nothing in its place. Brackets too: a legal
 * name broken over lines ("ENTERPRISE (SETIA" / "ALAM) SDN BHD") is only joined whole with its opening bracket.
 */
const KEPT_PUNCTUATION = /[.,:/()-]/;
/** What the other read may contribute: printable ASCII (its Chinese punctuation, `£` for `C` etc. are noise here). */
const FOREIGN_CHARACTERS = /[^\x21-\x7E]/g;
/**
 * The other read's characters below this confidence are left out (MergeOptions.minCharacterConfidence): below it they
 * are more often wrong than tesseract's, and a higher bar drops too many of PP-OCR's good letters.
 */
export const MIN_CHARACTER_CONFIDENCE = 0.7;
/** Reads further apart than this share of their length (edit distance) are taken to be different text. */
export const MAX_MERGE_DISTANCE = 0.5;

type CharacterClass = 'digit' | 'letter' | 'other';

function classify(character: string | undefined): CharacterClass {
  if (character === undefined) return 'other';
  if (/\d/.test(character)) return 'digit';
  return /\p{L}/u.test(character) ? 'letter' : 'other';
}

function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  return a.toUpperCase() === b.toUpperCase() ? 0.5 : 1;
}

/** Whether tesseract's text around position `index` (within its word) is digits or letters. */
function classifyContext(t: string, index: number): CharacterClass {
  const before = index > 0 && t[index - 1] !== ' ' ? classify(t[index - 1]) : 'other';
  const after = index + 1 < t.length && t[index + 1] !== ' ' ? classify(t[index + 1]) : 'other';
  if (before === after) return before;
  return before === 'other' ? after : after === 'other' ? before : 'other';
}

/** Per position of `t`: whether its word is mostly letters or mostly digits ('other' for a tie or neither). */
function classifyWords(t: string): CharacterClass[] {
  const classes: CharacterClass[] = new Array<CharacterClass>(t.length).fill('other');
  for (const match of t.matchAll(/\S+/g)) {
    const digits = (match[0].match(/\d/g) ?? []).length;
    const letters = (match[0].match(/\p{L}/gu) ?? []).length;
    const wordClass: CharacterClass = digits > letters ? 'digit' : letters > digits ? 'letter' : 'other';
    classes.fill(wordClass, match.index, match.index + match[0].length);
  }
  return classes;
}

/** The character the merge writes where tesseract read `t[index]` and the other recogniser `fromOther`. */
function pickCharacter(t: string, index: number, fromOther: string, wordClass: CharacterClass): string {
  const fromTesseract = t[index] ?? '';
  if (fromTesseract === fromOther) return fromTesseract;
  // Case differences are tesseract's call: PP-OCR's case is often wrong in all-caps print.
  if (fromTesseract.toUpperCase() === fromOther.toUpperCase()) return fromTesseract;
  // PP-OCR reads `$` as `S` or `5`, which would invent an amount.
  if (CURRENCY_SIGNS.test(fromTesseract)) return fromTesseract;
  // A digit against a letter (`O`/`0`, `s`/`8`): the word around it decides (`F00DICI0US`, `2O18`).
  const ours = classify(fromTesseract);
  const theirs = classify(fromOther);
  if (ours !== 'other' && theirs !== 'other' && ours !== theirs) {
    const context = classifyContext(t, index);
    if (context !== 'other') return context === ours ? fromTesseract : fromOther;
    // Next to punctuation only (`0.02` read `O.02`, `D.I.Y.` read `0.I.Y.`): the rest of the word decides.
    if (wordClass !== 'other') return wordClass === ours ? fromTesseract : fromOther;
    return ours === 'digit' ? fromTesseract : fromOther;
  }
  return fromOther;
}

/**
 * Letters PP-OCR drops itself (`Cashler` read `Casher`, `Astaka` read `Asaka`): thin strokes, so tesseract's is kept.
 */
const THIN_LETTERS = /[iIlt]/;
/** How sure PP-OCR must be of the letters on both sides to call a letter only tesseract saw between them an echo. */
const MIN_ECHO_NEIGHBOUR_CONFIDENCE = 0.95;

/**
 * A letter only tesseract saw, inside a word of letters, between two letters PP-OCR read with near certainty
 * (`TEO HENEG` against `HENG`, `Masxincome` against `Maxincome`): tesseract read one printed letter twice.
 */
function isEchoInsideWord(
  t: string,
  index: number,
  wordClasses: readonly CharacterClass[],
  isProtected: Uint8Array,
  before: number | undefined,
  after: number | undefined,
): boolean {
  const letter = t[index] ?? '';
  if (classify(letter) !== 'letter' || THIN_LETTERS.test(letter) || isProtected[index] || wordClasses[index] !== 'letter') return false;
  if (classify(t[index - 1]) !== 'letter' || classify(t[index + 1]) !== 'letter') return false;
  return (before ?? 0) >= MIN_ECHO_NEIGHBOUR_CONFIDENCE && (after ?? 0) >= MIN_ECHO_NEIGHBOUR_CONFIDENCE;
}

/** Positions of tesseract's text inside protected words. */
function findProtected(t: string): Uint8Array {
  const marks = new Uint8Array(t.length);
  for (const match of t.matchAll(/\S+/g)) {
    const word = match[0].replace(/[.,:;]+$/, '').toUpperCase();
    if (RELIABLY_READ_LEGAL_WORDS.has(word)) marks.fill(1, match.index, match.index + match[0].length);
  }
  return marks;
}

/** The other read without spaces and foreign characters, each character with its confidence (NFKC may expand one). */
function cleanOtherRead(text: string, confidences: readonly number[] | undefined): { p: string; confidence: number[] } {
  let p = '';
  const confidence: number[] = [];
  [...text].forEach((character, index) => {
    const kept = character.normalize('NFKC').replace(/\s+/g, '').replace(FOREIGN_CHARACTERS, '');
    p += kept;
    for (let k = 0; k < kept.length; k += 1) confidence.push(confidences?.[index] ?? 1);
  });
  return { p, confidence };
}

export interface MergeOptions {
  /** See MAX_MERGE_DISTANCE. */
  maxDistance?: number;
  /** The other read's characters below this confidence (0..1) do not replace or add to tesseract's. */
  minCharacterConfidence?: number;
}

/**
 * `otherConfidences`: per character of `otherText` (0..1), when the recogniser gives them; a character without one
 * counts as sure.
 */
export function mergeReads(
  tesseractText: string,
  otherText: string,
  otherConfidences?: readonly number[],
  options: MergeOptions = {},
): string {
  const maxDistance = options.maxDistance ?? MAX_MERGE_DISTANCE;
  const minConfidence = options.minCharacterConfidence ?? MIN_CHARACTER_CONFIDENCE;
  const t = tesseractText;
  // Iterating by code point keeps `confidence` aligned with `otherText`'s characters.
  const { p, confidence } = cleanOtherRead(
    otherText,
    otherConfidences && [...otherText].length === otherConfidences.length ? otherConfidences : undefined,
  );
  const m = t.length;
  const n = p.length;
  if (n === 0) return t;
  // Edit distance where tesseract's spaces cost nothing to skip: PP-OCR's missing spaces are not differences.
  const width = n + 1;
  const cost = new Float64Array((m + 1) * width);
  for (let i = 1; i <= m; i += 1) cost[i * width] = (cost[(i - 1) * width] ?? 0) + (t[i - 1] === ' ' ? 0 : 1);
  for (let j = 1; j <= n; j += 1) cost[j] = j;
  for (let i = 1; i <= m; i += 1) {
    const a = t[i - 1] ?? '';
    for (let j = 1; j <= n; j += 1) {
      const substitute = (cost[(i - 1) * width + j - 1] ?? 0) + substitutionCost(a, p[j - 1] ?? '');
      const skipTesseract = (cost[(i - 1) * width + j] ?? 0) + (a === ' ' ? 0 : 1);
      const skipOther = (cost[i * width + j - 1] ?? 0) + 1;
      cost[i * width + j] = Math.min(substitute, skipTesseract, skipOther);
    }
  }
  const letters = t.replace(/\s/g, '').length;
  if ((cost[m * width + n] ?? 0) > maxDistance * Math.max(n, letters)) return t;
  const isProtected = findProtected(t);
  const wordClasses = classifyWords(t);
  // Walked back from the end; `fromTesseract` marks output taken from (or aligned with) tesseract's text.
  const merged: { character: string; isInserted: boolean }[] = [];
  let i = m;
  let j = n;
  while (i > 0 || j > 0) {
    const here = cost[i * width + j] ?? 0;
    const a = t[i - 1] ?? '';
    const b = p[j - 1] ?? '';
    // Spaces first when walking back: PP-OCR's extra characters then land before tesseract's gap, not inside it.
    if (i > 0 && a === ' ' && here === cost[(i - 1) * width + j]) {
      merged.push({ character: ' ', isInserted: false });
      i -= 1;
    } else if (i > 0 && j > 0 && here === (cost[(i - 1) * width + j - 1] ?? 0) + substitutionCost(a, b)) {
      const isSure = (confidence[j - 1] ?? 1) >= minConfidence;
      merged.push({
        character: isProtected[i - 1] || !isSure ? a : pickCharacter(t, i - 1, b, wordClasses[i - 1] ?? 'other'),
        isInserted: false,
      });
      i -= 1;
      j -= 1;
    } else if (i > 0 && here === (cost[(i - 1) * width + j] ?? 0) + 1) {
      // PP-OCR skipped it: a letter, digit or separator tesseract saw is kept; its specks and stray marks are not.
      const isKept = classify(a) !== 'other' || KEPT_PUNCTUATION.test(a) || isProtected[i - 1];
      if (isKept && !isEchoInsideWord(t, i - 1, wordClasses, isProtected, confidence[j - 1], confidence[j]))
        merged.push({ character: a, isInserted: false });
      i -= 1;
    } else {
      const isSure = (confidence[j - 1] ?? 1) >= minConfidence;
      // A digit squeezed into a word of letters (`D.I1.Y.`) or a letter into a number is a look-alike echo.
      const wordClass = wordClasses[i - 1] ?? wordClasses[i] ?? 'other';
      const isEcho = wordClass !== 'other' && classify(b) !== 'other' && classify(b) !== wordClass;
      if (isSure && !isEcho && (!isProtected[i - 1] || !isProtected[i])) merged.push({ character: b, isInserted: true });
      j -= 1;
    }
  }
  merged.reverse();
  // Punctuation only PP-OCR saw at the end of a word (`THE: TOAST`, `ELECTRICAL. TRADING`) is its own noise.
  for (let k = merged.length - 2; k > 0; k -= 1) {
    const item = merged[k];
    const isAfterLetter = classify(merged[k - 1]?.character) === 'letter';
    if (item?.isInserted && isAfterLetter && classify(item.character) === 'other' && merged[k + 1]?.character === ' ') merged.splice(k, 1);
  }
  // A digit only the other read saw, before tesseract's column gap, belongs to the amount after the gap
  // (`NET TOTAL :1    9.80` is `NET TOTAL :    19.80`).
  for (let k = merged.length - 3; k >= 0; k -= 1) {
    const item = merged[k];
    if (
      !item?.isInserted ||
      classify(item.character) !== 'digit' ||
      merged[k + 1]?.character !== ' ' ||
      classify(merged[k - 1]?.character) === 'digit'
    )
      continue;
    let end = k + 1;
    while (merged[end]?.character === ' ') end += 1;
    if (end - k < 3 || classify(merged[end]?.character) !== 'digit') continue;
    merged.splice(k, 1);
    merged.splice(end - 1, 0, item);
  }
  // A lone character before or after everything tesseract read is usually a logo or border speck.
  if (merged[0]?.isInserted && !merged[1]?.isInserted) merged.shift();
  if (merged.at(-1)?.isInserted && !merged.at(-2)?.isInserted) merged.pop();
  const text = merged.map((item) => item.character).join('');
  // PP-OCR doubles dots and commas in amounts (`295..00`); a doubled one tesseract did not read is one.
  return /([.,])\1/.test(t) ? text : text.replace(/([.,])\1+/g, '$1');
}
