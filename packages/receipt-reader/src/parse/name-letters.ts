import { isEnglishVocabulary, type ReceiptVocabulary } from './vocabulary/index';

/**
 * The letters a store's name is read with. English receipts count A-Z only, as the SROIE bench was measured with (a
 * letter beyond ASCII there is tesseract's misreading); receipts in other languages count every letter ("ÉPICERIE",
 * "Öko Markt", "שופרסל"), and a letter of a script without case (Hebrew) counts as a capital.
 */
export interface NameLetters {
  /** Anything but a letter, global. */
  notLetter: RegExp;
  /** Anything but a capital, global. */
  notCapital: RegExp;
  /** Anything but a letter or an ASCII digit, global. */
  notLetterOrDigit: RegExp;
  /** Two or three letters in a row. */
  twoLetters: RegExp;
  threeLetters: RegExp;
  threeCapitals: RegExp;
  /** A line of capitals, digits and the marks of names only ("AIK HUAT HARDWARE", "R&C (M)"). */
  capitalsLine: RegExp;
  /** Marks before the first letter, digit or bracket of a line. */
  leadingNoise: RegExp;
  /** Short runs of marks after the last word of a line. */
  trailingNoise: RegExp;
  /** A lone letter or digit ending a line, and the character before it (group 1). */
  loneTail: RegExp;
  /** A lone capital ending a line: it stays. */
  loneCapitalTail: RegExp;
  letter: RegExp;
}

function buildNameLetters(letter: string, capital: string, flags: '' | 'u'): NameLetters {
  return {
    notLetter: new RegExp(`[^${letter}]`, `g${flags}`),
    notCapital: new RegExp(`[^${capital}]`, `g${flags}`),
    notLetterOrDigit: new RegExp(`[^${letter}0-9]`, `g${flags}`),
    twoLetters: new RegExp(`[${letter}]{2,}`, flags),
    threeLetters: new RegExp(`[${letter}]{3,}`, flags),
    threeCapitals: new RegExp(`[${capital}]{3,}`, flags),
    capitalsLine: new RegExp(`^[${capital}][${capital}0-9 '&.,()-]+$`, flags),
    leadingNoise: new RegExp(`^[^${letter}0-9(]+`, flags),
    trailingNoise: new RegExp(`(\\s+[^${letter}0-9\\s)]{1,3})+$`, flags),
    loneTail: new RegExp(`(?<=(.))\\s+[${letter}0-9]$`, flags),
    loneCapitalTail: new RegExp(`\\s[${capital}]$`, flags),
    letter: new RegExp(`[${letter}]`, flags),
  };
}

export const ASCII_NAME_LETTERS: NameLetters = buildNameLetters('A-Za-z', 'A-Z', '');
const ALL_NAME_LETTERS: NameLetters = buildNameLetters(String.raw`\p{L}`, String.raw`\p{Lu}\p{Lt}\p{Lo}`, 'u');

export function getNameLetters(vocabulary: ReceiptVocabulary): NameLetters {
  return isEnglishVocabulary(vocabulary) ? ASCII_NAME_LETTERS : ALL_NAME_LETTERS;
}
