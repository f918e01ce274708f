/** A month's number: January is 1. */
export type MonthNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

/**
 * The month names of a receipt's own language, as the date reader (dates.ts) and the OCR steps' date lines
 * (ocr/field-line-patterns.ts) read them. English months are the date reader's own and are not listed here.
 */
export interface LanguageMonths {
  /**
   * Each month's spellings, January first: upper case, without a final dot or geresh, with and without the accents OCR
   * drops ("MÄRZ", "MARZ", "MÄR", "MRZ"; "FÉVRIER", "FEVRIER", "FÉVR", "FEVR").
   */
  names: readonly (readonly string[])[];
  /** Words printed between the day, the month and the year: Spanish "DE" ("1 de mayo de 2026"), Hebrew's "ב" ("15 בינואר"). */
  joiners: readonly string[];
  /** Marks printed after the day besides a dot: French "ER" ("1er mai 2026"). */
  daySuffixes: readonly string[];
}

/** What a locale module adds to Intl's month names. */
export interface MonthWordsOfLocale {
  /** Spellings tills print that Intl's long and short names lack, by month ("MRZ" for März). */
  monthSpellings?: Partial<Record<MonthNumber, readonly string[]>>;
  daySuffixes?: readonly string[];
}

/** English receipts: the date reader's English months alone. */
export const NO_LANGUAGE_MONTHS: LanguageMonths = { names: [], joiners: [], daySuffixes: [] };

/** Marks that end an abbreviated month: a dot, Hebrew's geresh (׳) and the apostrophe OCR reads for it. */
export const MONTH_END_MARK = "[.\\u05F3']";

/** Formats whose month part Intl spells: alone ("März"), beside a day ("15. Sept.", "15 בינואר") and a year. */
const NAME_FORMATS: readonly Intl.DateTimeFormatOptions[] = [
  { month: 'long' },
  { month: 'short' },
  { day: 'numeric', month: 'long', year: 'numeric' },
  { day: 'numeric', month: 'short', year: 'numeric' },
];

/** Fewer letters are no month name a till prints ("MAI", "מאי" have three). */
const MIN_MONTH_LETTERS = 3;

function dropAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/** The spellings of one printed name as the parser sees upper-cased OCR text: as printed and without accents. */
function toSpellings(name: string): string[] {
  const upper = name
    .normalize('NFC')
    .toUpperCase()
    .replace(/[.\u05F3'’\s]+$/u, '')
    .trim();
  if ((upper.match(/\p{L}/gu) ?? []).length < MIN_MONTH_LETTERS) return [];
  return [...new Set([upper, dropAccents(upper)])];
}

/** Intl's month names of a locale, and the words its dates print between day, month and year. */
function readIntlMonths(locale: string, names: Set<string>[], joiners: Set<string>): void {
  try {
    for (const options of NAME_FORMATS) {
      // Gregorian whatever the tag asks ("he-IL-u-ca-hebrew"): the names must match the months of the ISO date.
      const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC', calendar: 'gregory' });
      for (let index = 0; index < 12; index += 1) {
        for (const part of format.formatToParts(new Date(Date.UTC(2001, index, 15)))) {
          if (part.type === 'month') for (const spelling of toSpellings(part.value)) names[index]?.add(spelling);
          const letters = part.type === 'literal' ? part.value.replace(/[^\p{L}]/gu, '').toUpperCase() : '';
          if (letters) joiners.add(letters);
        }
      }
    }
  } catch {
    // An invalid tag has no month names of its own: the English ones still apply.
  }
}

/**
 * The month names a receipt of these locales is read with (the receipt's own tag first, then its language's module:
 * de-AT's "Jänner" beside de-DE's "Januar"), from Intl and the module's own spellings.
 */
export function buildLanguageMonths(locales: readonly string[], words: MonthWordsOfLocale): LanguageMonths {
  const names = Array.from({ length: 12 }, () => new Set<string>());
  const joiners = new Set<string>();
  for (const locale of locales) readIntlMonths(locale, names, joiners);
  for (const [month, spellings] of Object.entries(words.monthSpellings ?? {})) {
    for (const spelling of spellings.flatMap(toSpellings)) names[Number(month) - 1]?.add(spelling);
  }
  return {
    names: names.map((spellings) => [...spellings]),
    joiners: [...joiners],
    daySuffixes: (words.daySuffixes ?? []).map((suffix) => suffix.toUpperCase()),
  };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Alternatives of literal words, longest first; none match nothing. */
function anyLiteral(words: readonly string[]): string {
  const sorted = [...new Set(words)].sort((a, b) => b.length - a.length || a.localeCompare(b));
  return sorted.length > 0 ? sorted.map(escapeRegex).join('|') : '(?!)';
}

/** A regular-expression source of any month's spelling (no group; case-insensitive, `u` flag). */
export function buildMonthNameSource(months: LanguageMonths): string {
  return anyLiteral(months.names.flat());
}

/** A source of an optional joiner before a month or year ("DE ", "ב"), empty when the language prints none. */
export function buildJoinerSource(months: LanguageMonths): string {
  return months.joiners.length > 0 ? `(?:(?:${anyLiteral(months.joiners)})\\s?)?` : '';
}

/** A source of an optional mark after the day ("ER"), empty when the language prints none. */
export function buildDaySuffixSource(months: LanguageMonths): string {
  return months.daySuffixes.length > 0 ? `(?:${anyLiteral(months.daySuffixes)})?` : '';
}

const monthLookups = new WeakMap<LanguageMonths, Map<string, number>>();

/** The month (1-12) a spelling read from a receipt names, or 0. */
export function findMonthOfSpelling(months: LanguageMonths, word: string): number {
  let lookup = monthLookups.get(months);
  if (!lookup) {
    lookup = new Map(months.names.flatMap((spellings, index) => spellings.map((spelling) => [spelling, index + 1] as const)));
    monthLookups.set(months, lookup);
  }
  const [spelling = ''] = toSpellings(word);
  return lookup.get(spelling) ?? lookup.get(dropAccents(spelling)) ?? 0;
}
