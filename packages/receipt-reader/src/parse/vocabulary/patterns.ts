import { CHANGE_WORD, CHANGE_WORD_MISREAD, TOTAL_WORD } from './english';
import { isEnglishVocabulary } from './index';
import type { ReceiptVocabulary } from './types';

/** The parser's patterns of one vocabulary, each built here and only here from the vocabulary's words. */
export interface ReceiptPatterns {
  /** A line that states a total (or a subtotal: see totals.ts for what rules those out). */
  total: RegExp;
  subtotal: RegExp;
  /** A line naming a total that states something else (see LocaleWords.notTotalLabels). */
  notTotal: RegExp;
  /** A total line that names the final amount: grand, rounded, payable, inclusive of tax. */
  finalTotal: RegExp;
  /** A line that labels the purchase date. */
  dateLabel: RegExp;
  tax: RegExp;
  /** A payment line; the first group names the method. */
  payment: RegExp;
  /** The change handed back, as printed ("Chg", but not a service charge's "Service Chg"). */
  change: RegExp;
  /** The change with more of its OCR misreadings (CHANGE_WORD_MISREAD). */
  changeMisread: RegExp;
  /** A legal form ending a company's name. */
  legalForm: RegExp;
  /** A line that is only a legal form (the end of a name printed on the line above or below). */
  legalFormAlone: RegExp;
  /** Legal forms as typed, global: dropped from names before they are compared. */
  legalFormsAsTyped: RegExp;
  /** Registration numbers, global: dropped from a name's line. */
  registration: RegExp;
  tradeWord: RegExp;
  notName: RegExp;
  place: RegExp;
  addressWord: RegExp;
  /** A header line after the address: a contact, document, till or registration line. */
  addressEnd: RegExp;
  /**
   * A line that is no item: a tax line, a summary, payment or document line (LocaleWords.notItemWords and
   * notItemMarks), and in the receipt's own (non-English) language its tax, total, subtotal and change lines and lines
   * opening with a way of paying.
   */
  notItem: RegExp;
}

/** Alternatives of a list; an empty list matches nothing. */
export function anyOf(words: readonly string[]): string {
  return words.length > 0 ? words.join('|') : '(?!)';
}

/** Whole words of a list, case-insensitive. */
function wholeWords(words: readonly string[], flags = 'i'): RegExp {
  return new RegExp(`\\b(${anyOf(words)})\\b`, flags);
}

/** Word boundaries that hold for letters outside ASCII too (Hebrew, accented Latin), unlike \\b. */
export const WORD_START = String.raw`(?<![\p{L}\p{N}])`;
export const WORD_END = String.raw`(?![\p{L}\p{N}])`;

/**
 * Whole words of a list in a receipt's own language, with letter boundaries: \\b knows no Hebrew letters ("רחוב") and
 * none before an accented capital ("ÉPICERIE").
 */
function wholeLetterWords(words: readonly string[]): RegExp {
  return new RegExp(`${WORD_START}(${anyOf(words)})${WORD_END}`, 'iu');
}

const ENGLISH_ADDRESS_END =
  /\b(TEL|PHONE|FAX|GST|REG|TAX\s?INVOICE|INVOICE|RECEIPT|DATE|CASHIER|EMAIL|WWW|BILL|ORDER|TABLE|STORE\s?#|ST#|MGR|MANAGER)\b/i;

/**
 * After the English words, a receipt in another language ends its address with its own header words, phone words and
 * registrations.
 */
function buildAddressEnd(v: ReceiptVocabulary): RegExp {
  if (isEnglishVocabulary(v)) return ENGLISH_ADDRESS_END;
  const words = v.languageWords;
  const headerWords = [...(words.notNameWords ?? []), ...(words.contactWords ?? [])];
  const own = `${WORD_START}(${anyOf(headerWords)})${WORD_END}|${anyOf(words.registrationNumbers ?? [])}`;
  return new RegExp(`${ENGLISH_ADDRESS_END.source}|${own}`, 'iu');
}

/** "CHG" is short for change, but "Service Chg 10%" is a service charge. */
const CHG = String.raw`(?<!(SERVICE|SVC|SERV\.?)\s?)\bCHG\b`;

function buildPatterns(v: ReceiptVocabulary): ReceiptPatterns {
  const legalForms = anyOf(v.legalForms);
  // English keeps \\b, as the SROIE bench was measured with it.
  const words = isEnglishVocabulary(v) ? wholeWords : wholeLetterWords;
  return {
    total: new RegExp(`(?<![A-Za-z0-9])${TOTAL_WORD}(?![A-Za-z0-9])|\\bTOTAL|${anyOf(v.totalLabels)}`, 'i'),
    finalTotal: new RegExp(
      `(GRAND|NETT?|ROUND(ED|ING)?|FINAL)\\s?${TOTAL_WORD}|${TOTAL_WORD}\\s?(AMOUNT|AMT|PAYABLE|DUE|SALES?)?\\s?[(:]?\\s?(${anyOf(v.inclusiveTotalMarks)})|` +
        `${anyOf(v.finalTotalLabels)}|${TOTAL_WORD}\\s?AFTER\\s?(ROUNDING|ADJ)`,
      'i',
    ),
    dateLabel: words(v.dateLabels),
    // "TAX INVOICE", "GST ID", "GST SUMMARY" name the document, the seller or a table, not the tax charged.
    subtotal: new RegExp(anyOf(v.subtotalLabels), 'i'),
    notTotal: new RegExp(anyOf(v.notTotalLabels), 'i'),
    // Letter boundaries rather than \\b, which knows no Hebrew letters.
    tax: new RegExp(`${WORD_START}(${anyOf(v.taxWords)})${WORD_END}(?!\\s?(INVOICE|ID|NO|REG|#|SUMMARY|CODE))`, 'iu'),
    payment: words(v.paymentWords),
    change: new RegExp(`\\b(${anyOf([CHANGE_WORD, ...v.changeWords])})\\b|${CHG}`, 'i'),
    changeMisread: new RegExp(`\\b(?:${anyOf([CHANGE_WORD_MISREAD, ...v.changeWords])})\\b|${CHG}`, 'i'),
    legalForm: new RegExp(`\\b(${anyOf([...v.legalForms, ...v.legalFormMarks])})\\.?(?![A-Z])`, 'i'),
    // "CO. (M) SDN BHD", "(KL) SDN BHD": an abbreviation and a bracket may come before the form.
    legalFormAlone: new RegExp(`^(CO\\.?\\s*)?(\\(.*\\)\\s*)?(${legalForms})\\.?$`, 'i'),
    legalFormsAsTyped: new RegExp(`(?<![A-Z0-9])(?:${anyOf(v.legalFormsAsTyped)})(?=\\W|$)`, 'g'),
    // Five digits or more in brackets are a registration too ("(001234567)").
    registration: new RegExp(`${anyOf(v.registrationNumbers)}|\\(\\s?\\d{5,}[^)]*\\)`, 'g'),
    tradeWord: words(v.tradeWords),
    notName: words(v.notNameWords),
    place: words(v.placeNames),
    addressWord: words(v.addressWords),
    addressEnd: buildAddressEnd(v),
    notItem: buildNotItem(v),
  };
}

function buildNotItem(v: ReceiptVocabulary): RegExp {
  const summary = `${anyOf(v.notItemMarks)}|\\b(${anyOf(v.notItemWords)})\\b`;
  const words = v.languageWords;
  const anywhere = [...(words.taxWords ?? []), ...(words.changeWords ?? []), ...(words.subtotalLabels ?? []), ...(words.totalLabels ?? [])];
  const opening = words.paymentWords ?? [];
  if (anywhere.length === 0 && opening.length === 0) return new RegExp(summary, 'i');
  return new RegExp(`${summary}|${WORD_START}(${anyOf(anywhere)})${WORD_END}|^[^\\p{L}]*(${anyOf(opening)})${WORD_END}`, 'iu');
}

const built = new WeakMap<ReceiptVocabulary, ReceiptPatterns>();

export function getPatterns(vocabulary: ReceiptVocabulary): ReceiptPatterns {
  let patterns = built.get(vocabulary);
  if (!patterns) {
    patterns = buildPatterns(vocabulary);
    built.set(vocabulary, patterns);
  }
  return patterns;
}
