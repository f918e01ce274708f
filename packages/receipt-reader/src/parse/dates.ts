import type { DateOrder } from './locale';
import {
  buildDaySuffixSource,
  buildJoinerSource,
  buildMonthNameSource,
  findMonthOfSpelling,
  MONTH_END_MARK,
  NO_LANGUAGE_MONTHS,
  type LanguageMonths,
} from './vocabulary/months';

export interface FoundDate {
  /** ISO yyyy-mm-dd. */
  iso: string;
  start: number;
  end: number;
  /** True when the day/month order was decided by the locale rather than by the numbers. */
  isAmbiguous: boolean;
  isTextMonth: boolean;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const MONTH_WORD = '(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|SEPT|OCT|NOV|DEC)[A-Z]*';
const DIGIT = '[0-9OoIl]';
const SEP = '\\s?[/.\\-]\\s?';

interface DatePattern {
  regex: RegExp;
  /** `language`: a month named in the receipt's language, with named groups day, month and year. */
  kind: 'numeric' | 'ymd' | 'dmonth' | 'monthd' | 'compact' | 'language';
}

/**
 * The English patterns. `amountGuard` follows a two-digit year of a text-month date; empty for English receipts, as the
 * SROIE bench was measured without it.
 */
function buildEnglishPatterns(amountGuard: string): DatePattern[] {
  return [
    { regex: new RegExp(`(?<![0-9])(\\d{4})${SEP}(\\d{1,2})${SEP}(\\d{1,2})(?![0-9])`, 'g'), kind: 'ymd' },
    // Four-digit years first, and one separator used twice, so "#19- 10/03/2018" is not read as 19/10/03.
    {
      regex: new RegExp(`(?<![0-9])(${DIGIT}{1,2})\\s?([/.\\-])\\s?(${DIGIT}{1,2})\\s?\\2\\s?(${DIGIT}{4})(?![0-9])`, 'g'),
      kind: 'numeric',
    },
    {
      regex: new RegExp(`(?<![0-9])(${DIGIT}{1,2})\\s?([/.\\-])\\s?(${DIGIT}{1,2})\\s?\\2\\s?(${DIGIT}{2})(?![0-9])`, 'g'),
      kind: 'numeric',
    },
    // One stray digit may be glued before the day ("DATE 210 OCT 2017"): the day is the last two digits.
    {
      regex: new RegExp(
        `(?<![0-9]{2})(\\d{1,2})\\s?[-/ .]?\\s?${MONTH_WORD}\\.?\\s?[-/ ,.]?\\s?'?(\\d{4}|\\d{2}${amountGuard})(?![0-9])`,
        'gi',
      ),
      kind: 'dmonth',
    },
    // Day and year apart ("OCT 3, 2016", "Oct 3 16"): "OCT 2017" is a month and year, not 20 Oct '17.
    {
      regex: new RegExp(`${MONTH_WORD}\\.?\\s?(\\d{1,2})(?:st|nd|rd|th)?(?:,\\s?|\\s)(\\d{4}|\\d{2}${amountGuard})(?![0-9])`, 'gi'),
      kind: 'monthd',
    },
    { regex: /(?<![0-9])(\d{2})(\d{2})(20\d{2})(?![0-9])/g, kind: 'compact' },
    { regex: /(?<![0-9])(20\d{2})([01]\d)([0-3]\d)(?![0-9])/g, kind: 'ymd' },
  ];
}

const PATTERNS = buildEnglishPatterns('');
/** Outside English, "2 MARS 12,90" (a Mars bar) and "JUNI 3 12,50" are an item's amount, not a year. */
const AMOUNT_GUARD = '(?![.,]\\d)';

/**
 * Day, month and year with the month in the receipt's language, read after the English patterns: "3. März 2026",
 * "1 de mayo de 2026", "15 janv. 2026", "1er mai 2026", "12-okt-2026". A month word needs a day before it and a year
 * after it, and only whole words count ("MAIS" is no "MAI"). A two-digit year needs the same dash, slash or dot on
 * both sides of the month ("12-OKT-26"): "1 SET 24 PZ" and "2 MARS 12,90" are items.
 */
function buildLanguagePatterns(months: LanguageMonths): DatePattern[] {
  const joiner = buildJoinerSource(months);
  const day = `(?<![0-9]{2})(?<day>\\d{1,2})${buildDaySuffixSource(months)}`;
  const month = `(?<!\\p{L})${joiner}(?<month>${buildMonthNameSource(months)})${MONTH_END_MARK}?(?!\\p{L})`;
  return [
    { regex: new RegExp(`${day}\\s?[-/ .]?\\s?${month}\\s?[-/ ,.]?\\s?${joiner}(?<year>\\d{4})(?![0-9])`, 'giu'), kind: 'language' },
    { regex: new RegExp(`${day}(?<separator>[-/.])${month}\\k<separator>(?<year>\\d{2})(?![0-9])`, 'giu'), kind: 'language' },
  ];
}

const languagePatterns = new WeakMap<LanguageMonths, DatePattern[]>();

function getPatterns(months: LanguageMonths): DatePattern[] {
  if (months.names.length === 0) return PATTERNS;
  let patterns = languagePatterns.get(months);
  if (!patterns) {
    patterns = [...buildEnglishPatterns(AMOUNT_GUARD), ...buildLanguagePatterns(months)];
    languagePatterns.set(months, patterns);
  }
  return patterns;
}

function fixDigits(text: string): string {
  return text.replace(/[Oo]/g, '0').replace(/[Il]/g, '1');
}

function expandYear(year: number, digits: number): number {
  return digits === 2 ? 2000 + year : year;
}

/**
 * A printed date ("Date 30/03/2018", "0 D/MA/2018"): on an item's line it marks the receipt's header or footer, on the
 * name's line the end of the name. Digit groups are product codes too ("12-34-56", "5/40/160"), so a dashed date needs
 * a four-digit year and a slashed one a year of two or four digits.
 */
export const DATE_IN_LINE =
  /\b(?:[0-2]?\d|3[01])\/(?:[0-2]?\d|3[01])\/(?:\d{4}|\d{2})\b|\b\d{1,2}-\d{1,2}-(?:19|20)\d{2}\b|\/(?:19|20)\d{2}\b/;

export function isValidDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** Receipts from the future or from before 1990 are OCR mistakes. */
function isPlausibleYear(year: number, now: Date, earliestYear: number): boolean {
  return year >= earliestYear && year <= now.getUTCFullYear() + 1;
}

function toIso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function monthFromWord(word: string): number {
  return MONTHS.indexOf(word.slice(0, 3).toUpperCase()) + 1;
}

/** Resolves day vs month: numbers decide when one exceeds 12, otherwise the locale's order does. */
function resolveNumeric(first: number, second: number, order: DateOrder): { day: number; month: number; isAmbiguous: boolean } | null {
  const preferDayFirst = order !== 'MDY';
  const dayFirst = { day: first, month: second };
  const monthFirst = { day: second, month: first };
  const isDayFirstValid = second >= 1 && second <= 12 && first >= 1 && first <= 31;
  const isMonthFirstValid = first >= 1 && first <= 12 && second >= 1 && second <= 31;
  if (isDayFirstValid && isMonthFirstValid) {
    return { ...(preferDayFirst ? dayFirst : monthFirst), isAmbiguous: first !== second };
  }
  if (isDayFirstValid) return { ...dayFirst, isAmbiguous: false };
  if (isMonthFirstValid) return { ...monthFirst, isAmbiguous: false };
  return null;
}

/**
 * Finds every plausible date in a line of receipt text. `earliestYear`: lower it when the caller repairs misread years
 * itself (a GST-era 1017 is 2017). `months`: the month names of the receipt's language, read besides the English ones.
 */
export function findDates(
  line: string,
  order: DateOrder,
  now: Date = new Date(),
  earliestYear = 1990,
  months: LanguageMonths = NO_LANGUAGE_MONTHS,
): FoundDate[] {
  const found: FoundDate[] = [];
  const taken: [number, number][] = [];
  const isTaken = (start: number, end: number) => taken.some(([a, b]) => start < b && end > a);
  for (const { regex, kind } of getPatterns(months)) {
    regex.lastIndex = 0;
    // exec with a manual restart: a failed reading such as "#19- 18/01" must not swallow "18/01/2018".
    for (let match = regex.exec(line); match; match = regex.exec(line)) {
      const start = match.index;
      const end = start + match[0].length;
      const date = isTaken(start, end) ? null : interpretMatch(match, kind, order, months);
      if (!date || !isValidDate(date.year, date.month, date.day) || !isPlausibleYear(date.year, now, earliestYear)) {
        regex.lastIndex = start + 1;
        continue;
      }
      taken.push([start, end]);
      found.push({
        iso: toIso(date.year, date.month, date.day),
        start,
        end,
        isAmbiguous: date.isAmbiguous,
        isTextMonth: kind === 'dmonth' || kind === 'monthd' || kind === 'language',
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

function interpretMatch(
  match: RegExpMatchArray,
  kind: DatePattern['kind'],
  order: DateOrder,
  months: LanguageMonths,
): { year: number; month: number; day: number; isAmbiguous: boolean } | null {
  const [, a = '', b = '', c = ''] = match;
  if (kind === 'language') {
    const { day = '', month = '', year = '' } = match.groups ?? {};
    return { year: expandYear(Number(year), year.length), month: findMonthOfSpelling(months, month), day: Number(day), isAmbiguous: false };
  }
  if (kind === 'ymd') return { year: Number(a), month: Number(b), day: Number(c), isAmbiguous: false };
  if (kind === 'dmonth') {
    return { year: expandYear(Number(c), c.length), month: monthFromWord(b), day: Number(a), isAmbiguous: false };
  }
  if (kind === 'monthd') {
    return { year: expandYear(Number(c), c.length), month: monthFromWord(a), day: Number(b), isAmbiguous: false };
  }
  if (kind === 'compact') {
    const resolved = resolveNumeric(Number(a), Number(b), order);
    return resolved && { year: Number(c), ...resolved };
  }
  // Numeric matches carry the separator as group 2.
  const yearText = fixDigits(match[4] ?? '');
  const first = Number(fixDigits(a));
  const second = Number(fixDigits(c));
  const resolved = order === 'YMD' ? resolveNumeric(first, second, 'DMY') : resolveNumeric(first, second, order);
  return resolved && { year: expandYear(Number(yearText), yearText.length), ...resolved };
}

/** Parses a date string as printed (e.g. a label "19/02/2018", "22 MAR 18" or "3. März 2026") to ISO, or null. */
export function parseDateString(
  text: string,
  order: DateOrder,
  now: Date = new Date(),
  months: LanguageMonths = NO_LANGUAGE_MONTHS,
): string | null {
  return findDates(text.toUpperCase(), order, now, undefined, months)[0]?.iso ?? null;
}

/** Finds a time of day such as 8:13:39 PM or 20:13, returned as HH:MM (24 h). */
export function findTime(line: string): { value: string; start: number } | null {
  const match = /(?<![0-9])([01]?\d|2[0-3])\s?:\s?([0-5]\d)(?:\s?:\s?[0-5]\d)?(?:\s?([AaPp])\.?[MmHN]\.?)?(?![0-9])/.exec(line);
  if (!match) return null;
  let hours = Number(match[1]);
  const meridiem = match[3]?.toUpperCase();
  if (meridiem === 'P' && hours < 12) hours += 12;
  if (meridiem === 'A' && hours === 12) hours = 0;
  return { value: `${String(hours).padStart(2, '0')}:${match[2]}`, start: match.index };
}
