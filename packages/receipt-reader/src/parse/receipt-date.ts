import { findAmounts, roundMoney } from './amounts';
import { findDates, findTime, isValidDate, type FoundDate } from './dates';
import { DEFAULT_RECEIPT_LOCALE, type DateOrder } from './locale';
import { getVocabulary } from './vocabulary/index';
import { getPatterns } from './vocabulary/patterns';
import type { LanguageMonths } from './vocabulary/months';
import type { Field } from '@cartwise/contracts/contracts/parsed-receipt';

const DEFAULT_DATE_LABEL = getPatterns(getVocabulary(DEFAULT_RECEIPT_LOCALE)).dateLabel;
const NOT_PURCHASE_DATE = /\b(EXP|EXPIRY|EXPIRES|VALID|DUE|BEFORE|UNTIL|BIRTH|DOB|PRINTED)\b/i;

/**
 * Malaysia charged GST from April 2015 to August 2018 (tills kept printing the GST number into 2019), so a
 * Malaysian receipt that mentions GST was printed in 2015-2019; other years on it are misread digits.
 */
const GST_ERA = { from: 2015, to: 2019 };
/** Year digits that thermal-print OCR confuses with the era's last digit (3/8, 0/8, 1/7, 4/6). */
const ERA_DIGIT_REPAIRS: Record<string, string> = { '3': '8', '0': '8', '1': '7', '4': '6', '9': '8' };
/** GST was zero-rated from June 2018, so a receipt that charges a non-zero GST amount dates from 2018 at the latest. */
const CHARGED_GST_LAST_YEAR = 2018;

const FAR_FUTURE = new Date(Date.UTC(9999, 0, 1));

export interface ReceiptDateOptions {
  order: DateOrder;
  now: Date;
  /** Region of the receipt's locale (e.g. MY); enables region-specific plausibility checks. */
  region?: string;
  /** The date's label in the receipt's vocabulary; the English one by default. */
  dateLabel?: RegExp;
  /** The month names of the receipt's language (its vocabulary's `months`); English months alone by default. */
  months?: LanguageMonths;
}

interface DateCandidate {
  date: FoundDate;
  score: number;
  lineIndex: number;
}

/** OCR often reads the slashes of 12/02/2018 as 1 or 7 ("1210212018"); repair that on labelled lines. */
function repairDateSeparators(line: string): string {
  return line
    .replace(/(?<![0-9])([0-3]\d)[17lI|]([01]\d)[17lI|]((?:19|20)\d{2})(?![0-9])/g, '$1/$2/$3')
    .replace(/(?<![0-9/.-])([0-3]\d)([01]\d)([/.-])((?:19|20)\d{2})(?![0-9])/g, '$1$3$2$3$4')
    .replace(/(?<![0-9])([0-3]\d)([/.-])([01]\d)((?:19|20)\d{2})(?![0-9])/g, '$1$2$3$2$4');
}

const LOOKALIKE_DIGITS: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  '@': '0',
  '¢': '0',
  I: '1',
  l: '1',
  '|': '1',
  S: '5',
  Z: '2',
  z: '2',
  B: '8',
  G: '6',
  E: '6',
  b: '6',
};
const DATE_CHAR = '[0-9OoDQ@¢IlSZzB|GEb]';
const LOOKALIKE_DATE = new RegExp(
  `(?<![A-Za-z0-9])(${DATE_CHAR}{1,2})([/.-])(${DATE_CHAR}{1,2})\\2(${DATE_CHAR}{2,4})(?![A-Za-z0-9])`,
  'g',
);

/** On a labelled line, letters and marks read for digits inside a date ("25/@9/2017", "11/09/2¢17"). */
function repairDateLookalikes(line: string): string {
  return line.replace(LOOKALIKE_DATE, (whole: string) => {
    const repaired = [...whole].map((char) => LOOKALIKE_DIGITS[char] ?? char).join('');
    // Mostly digits already: a word such as "S/B" is not a date.
    return whole.replace(/[^0-9]/g, '').length >= 4 ? repaired : whole;
  });
}

/**
 * A month starts with 0 or 1, so a month read as 83 or 63 is 03 (thermal print loses the gap of a 0). Only on
 * lines with a date label or a time, where a date is expected.
 */
function repairMonthTens(line: string): string {
  return line.replace(/(?<![0-9])([0-3]?\d)([/.-])[689]([1-9])\2(\d{2}|\d{4})(?![0-9])/g, '$1$20$3$2$4');
}

/** One misread digit of a GST-era year: 2047 -> 2017, 2518 -> 2018, 2014 -> 2016, 2013 -> 2018. */
export function repairEraYear(year: number, lastYear = GST_ERA.to): number | null {
  if (year >= GST_ERA.from && year <= lastYear) return year;
  const digits = String(year).split('');
  const candidates: number[] = [];
  for (let index = 0; index < digits.length; index += 1) {
    const replacements = index === 3 ? [ERA_DIGIT_REPAIRS[digits[3] ?? ''] ?? ''] : ['0', '1', '2'];
    for (const replacement of replacements) {
      if (!replacement) continue;
      const value = Number([...digits.slice(0, index), replacement, ...digits.slice(index + 1)].join(''));
      if (value >= GST_ERA.from && value <= lastYear && !candidates.includes(value)) candidates.push(value);
    }
  }
  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}

/** A GST line (not the GST number) with a non-zero amount: "GST Summary" rows, "GST 6% 1.08". */
function isChargingGst(lines: readonly string[]): boolean {
  return lines.some(
    (line) => /\bG[S5]T\b/i.test(line) && !/\b(ID|NO|REG)\b/i.test(line) && findAmounts(line).some((amount) => amount.value > 0),
  );
}

/** Moves a date read with a misread year into the GST era, or marks it implausible (null). */
function fitGstEra(date: FoundDate, lastYear: number): FoundDate | null {
  const [yearText = '', month = 0, day = 0] = date.iso.split('-').map((part, index) => (index === 0 ? part : Number(part))) as [
    string,
    number,
    number,
  ];
  const year = repairEraYear(Number(yearText), lastYear);
  if (year === null || !isValidDate(year, month, day)) return null;
  return { ...date, iso: `${year}${date.iso.slice(4)}` };
}

export function findReceiptDate(lines: readonly string[], options: ReceiptDateOptions): { date: Field<string>; lineIndex: number } {
  const dateLabel = options.dateLabel ?? DEFAULT_DATE_LABEL;
  const isGstEra = options.region === 'MY' && lines.some((line) => /\b(G[S5][T7]|[B6]ST|B5T)/i.test(line));
  const eraEnd = isChargingGst(lines) ? CHARGED_GST_LAST_YEAR : GST_ERA.to;
  const candidates: DateCandidate[] = [];
  lines.forEach((rawLine, lineIndex) => {
    const hasLabel = dateLabel.test(rawLine);
    const line = hasLabel
      ? repairMonthTens(repairDateLookalikes(repairDateSeparators(rawLine)))
      : findTime(rawLine)
        ? repairMonthTens(repairDateSeparators(rawLine))
        : rawLine;
    // In the GST era a misread year such as 2047 or 1017 is repaired below, so it must not be dropped as implausible.
    const earliestYear = isGstEra ? 1000 : undefined;
    for (const found of findDates(line.toUpperCase(), options.order, isGstEra ? FAR_FUTURE : options.now, earliestYear, options.months)) {
      let score = 1 - lineIndex / Math.max(lines.length, 1) / 2;
      const fitted = isGstEra ? fitGstEra(found, eraEnd) : found;
      if (!fitted) score -= 2.5;
      else if (fitted.iso !== found.iso) score -= 0.3;
      const date = fitted ?? found;
      if (hasLabel) score += 2;
      if (NOT_PURCHASE_DATE.test(line)) score -= 2;
      if (findTime(line)) score += 0.5;
      if (date.isTextMonth) score += 0.3;
      candidates.push({ date, score, lineIndex });
    }
  });
  // A date printed twice (issue and payment time, a parking ticket's entry and exit) outvotes a misread copy.
  for (const candidate of candidates) {
    const copies = candidates.filter((other) => other !== candidate && other.date.iso === candidate.date.iso).length;
    candidate.score += Math.min(copies, 2) * 0.3;
  }
  candidates.sort((a, b) => b.score - a.score);
  const best = candidates[0];
  if (!best) return { date: { value: null, confidence: 0 }, lineIndex: -1 };
  const agreeing = candidates.filter((candidate) => candidate.date.iso === best.date.iso).length;
  let confidence = 0.55 + Math.min(0.3, best.score * 0.1) + (agreeing > 1 ? 0.1 : 0);
  if (best.date.isAmbiguous) confidence -= 0.15;
  return { date: { value: best.date.iso, confidence: roundMoney(Math.min(0.98, confidence)) }, lineIndex: best.lineIndex };
}
