import { isEnglishVocabulary, type ReceiptVocabulary } from '../parse/vocabulary/index';
import { COMPANY_NUMBER } from '../parse/vocabulary/en-my';
import { anyOf, WORD_END, WORD_START } from '../parse/vocabulary/patterns';
import { MONEY_LINE_HINTS, TOTAL_OR_PAYMENT_LABELS } from '../parse/vocabulary/english';
import { buildJoinerSource, buildMonthNameSource, MONTH_END_MARK } from '../parse/vocabulary/months';

/**
 * The patterns that pick the lines the OCR steps read again (field-rereads.ts, cross-read.ts), one set per receipt
 * vocabulary. English receipts use the English patterns as they are (the SROIE bench is measured with them); a
 * receipt in another language adds its own words (vocabulary.languageWords) and letters beyond ASCII.
 */
export interface FieldLinePatterns {
  /** Lines naming a total, a payment or its parts. Deliberately broad: OCR garbles these words too. */
  totalWords: RegExp;
  /** Two letters in a row: a line with them holds more than an amount. */
  word: RegExp;
  /** A date, a date label, a clock time or a month name before a number. */
  dateLike: RegExp;
  /** A total or payment label (`Total Sales Inclusive GST`, `Change`), as whole words. */
  totalLabel: RegExp;
  /** A line naming a total label that is no total or payment line: a cashier, a table's header, a count. */
  notTotalLabel: RegExp;
  /** Registration numbers (`(001610235-P)`, HRB 12345), global: never the store name. */
  registrationNumber: RegExp;
  /** A phone, tax-number or postcode line: never the store name. */
  contactOrAddress: RegExp;
  /** Anything but a letter, global: what is left counts the letters a store name needs. */
  notLetter: RegExp;
}

const ENGLISH_DATE_LIKE =
  /\d\s?[/.-]\s?\d{1,2}\s?[/.-]\s?\d|\b(DATE|TARIKH|DT)\b|\d{1,2}:\d{2}|\b(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*\s?\d/i;
const ENGLISH_NOT_TOTAL_LABEL = /CASHIER|DESCRIPTION|SUMMARY|QTY|QUANTITY|ITEMS?\b|INV(OICE)?\b|NO\b/i;
const ENGLISH_CONTACT_OR_ADDRESS = /\b(TEL|FAX|GST|REG|H\/P|PHONE)\b|\b\d{5}\b/i;

const ENGLISH_PATTERNS: FieldLinePatterns = {
  totalWords: new RegExp(MONEY_LINE_HINTS.join('|'), 'i'),
  word: /[A-Za-z]{2,}/,
  dateLike: ENGLISH_DATE_LIKE,
  totalLabel: new RegExp(`\\b(${TOTAL_OR_PAYMENT_LABELS.join('|')})\\b`, 'i'),
  notTotalLabel: ENGLISH_NOT_TOTAL_LABEL,
  registrationNumber: new RegExp(String.raw`${COMPANY_NUMBER}|\(\s?\d{4,}[^)]*\)?`, 'g'),
  contactOrAddress: ENGLISH_CONTACT_OR_ADDRESS,
  notLetter: /[^A-Za-z]/g,
};

/** Whole words of a list, with letter boundaries. */
function anyWord(words: readonly string[]): string {
  return `${WORD_START}(${anyOf(words)})${WORD_END}`;
}

/**
 * A month of the receipt's language before a number, as tills print it before the day or year ("12. März 2026",
 * "1 de mayo de 2026", "MÄR 12"), like the English pattern's JAN..DEC: any spelling of the date reader's month names,
 * and letters after it, as OCR garbles these lines too.
 */
function buildMonthBeforeNumber(vocabulary: ReceiptVocabulary): string {
  const joiner = buildJoinerSource(vocabulary.months);
  return `${WORD_START}${joiner}(${buildMonthNameSource(vocabulary.months)})\\p{L}*${MONTH_END_MARK}?\\s?${joiner}\\d`;
}

function buildLanguagePatterns(vocabulary: ReceiptVocabulary): FieldLinePatterns {
  const words = vocabulary.languageWords;
  const totals = words.totalLabels ?? [];
  const changes = words.changeWords ?? [];
  const payments = words.paymentWords ?? [];
  const parts = [...totals, ...(words.subtotalLabels ?? []), ...changes, ...payments, ...(words.taxWords ?? [])];
  return {
    totalWords: new RegExp(`${ENGLISH_PATTERNS.totalWords.source}|${anyWord(parts)}`, 'iu'),
    word: /\p{L}{2,}/u,
    dateLike: new RegExp(`${ENGLISH_DATE_LIKE.source}|${anyWord(words.dateLabels ?? [])}|${buildMonthBeforeNumber(vocabulary)}`, 'iu'),
    totalLabel: new RegExp(`${ENGLISH_PATTERNS.totalLabel.source}|${anyWord([...totals, ...changes, ...payments])}`, 'iu'),
    notTotalLabel: new RegExp(`${ENGLISH_NOT_TOTAL_LABEL.source}|${anyWord(words.notNameWords ?? [])}`, 'iu'),
    registrationNumber: new RegExp(`${ENGLISH_PATTERNS.registrationNumber.source}|${anyOf(words.registrationNumbers ?? [])}`, 'gu'),
    contactOrAddress: new RegExp(
      `${ENGLISH_CONTACT_OR_ADDRESS.source}|${anyWord([...(words.taxWords ?? []), ...(words.contactWords ?? [])])}`,
      'iu',
    ),
    notLetter: /[^\p{L}]/gu,
  };
}

const built = new WeakMap<ReceiptVocabulary, FieldLinePatterns>();

/** The line patterns of a receipt's vocabulary, built once per vocabulary. */
export function getFieldLinePatterns(vocabulary: ReceiptVocabulary): FieldLinePatterns {
  if (isEnglishVocabulary(vocabulary)) return ENGLISH_PATTERNS;
  let patterns = built.get(vocabulary);
  if (!patterns) {
    patterns = buildLanguagePatterns(vocabulary);
    built.set(vocabulary, patterns);
  }
  return patterns;
}
