import { ASCII_NAME_LETTERS, type NameLetters } from './name-letters';

/** The store's header: where a number standing far left of a line is a speck or a logo's remnant. */
const HEADER_LINES = 4;

/**
 * A number of one to three digits far left of the header line it starts ("71            TRI SHAAS SDN BHD"): a logo's
 * remnant or a speck, not part of the name. The gap is only there to see before spaces are collapsed.
 */
function dropFarLeftNumber(line: string, index: number): string {
  return index < HEADER_LINES ? line.replace(/^\s*\d{1,3}[\t ]{6,}(?=[A-Za-z])/, '') : line;
}

/** Splits OCR or pasted text into trimmed, non-empty lines with runs of spaces collapsed. */
export function splitReceiptLines(text: string): string[] {
  return (
    text
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .filter((line) => line.trim().length > 0)
      // Blank lines go first, so the header's lines are counted as the page shows them.
      .map((line, index) =>
        dropFarLeftNumber(line, index)
          .replace(/[\t\u00a0 ]+/g, ' ')
          .replace(/[‘’`´]/g, "'")
          .replace(/[“”]/g, '"')
          .trim(),
      )
  );
}

/** Share of letters and digits in a line; OCR of stains and logos is mostly punctuation. */
export function calculateTextDensity(line: string, letters: NameLetters = ASCII_NAME_LETTERS): number {
  const compact = line.replace(/\s/g, '');
  if (compact.length === 0) return 0;
  return compact.replace(letters.notLetterOrDigit, '').length / compact.length;
}

/** Removes stray OCR marks at the edges of a line (`| `, `« `, ` .`), which come from borders and dirt. */
export function trimLineNoise(line: string, letters: NameLetters = ASCII_NAME_LETTERS): string {
  return (
    line
      .replace(letters.leadingNoise, '')
      .replace(letters.trailingNoise, '')
      // A lone capital, or a branch number after a word ("PERMAS JAYA 2"), stays; other lone characters are specks.
      .replace(letters.loneTail, (tail: string, before: string) =>
        letters.loneCapitalTail.test(tail) || (/\s\d$/.test(tail) && letters.letter.test(before)) ? tail : '',
      )
      .trim()
  );
}

export function normaliseForMatch(text: string): string {
  return text.toUpperCase().replace(/\s+/g, ' ').trim();
}
