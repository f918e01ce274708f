import type { DateOrder } from '../locale';
import type { LanguageMonths, MonthWordsOfLocale } from './months';

/**
 * What the receipts of one locale print, as regular-expression sources matched case-insensitively. A locale module
 * lists only its own words; getVocabulary merges the modules a receipt is read with.
 */
export interface LocaleWords {
  /** Labels of the amount due other than the word "total" itself: "AMOUNT DUE", "JUMLAH", "ZU ZAHLEN". */
  totalLabels: readonly string[];
  /** Of those, the labels that name the final amount beyond doubt (a total that may be a subtotal is no such label). */
  finalTotalLabels: readonly string[];
  /** Labels of the subtotal: the items' sum before tax, service or rounding ("SUB TOTAL", "ZWISCHENSUMME"). */
  subtotalLabels: readonly string[];
  /** Labels that make a line naming a total something else: a subtotal, a count, a tax, savings, the payment. */
  notTotalLabels: readonly string[];
  /** What may follow "total" to say the amount includes tax: "TOTAL INCL", "TOTAL (RM)". */
  inclusiveTotalMarks: readonly string[];
  /** Labels of the purchase date ("DATE", "TARIKH", "DATUM"). */
  dateLabels: readonly string[];
  /** Taxes as tills name them on the tax line. */
  taxWords: readonly string[];
  /** The change handed back, besides the English word (whose OCR readings are in english.ts). */
  changeWords: readonly string[];
  /**
   * Whole words of the summary, payment and document lines that carry an amount or a name but are no product ("CASH",
   * "CARD", "INVOICE", "ITEMS SOLD") and of the tax lines it knows: the item reader skips such lines.
   */
  notItemWords: readonly string[];
  /** Parts of a line, matched anywhere rather than as whole words, that make it no product ("SUBTOTAL", "GST 6%"). */
  notItemMarks: readonly string[];
  /** Ways of paying, as printed on the payment line; the match names the payment method. */
  paymentWords: readonly string[];
  /** Legal forms that end a company's name and may stand on a line of their own ("SDN BHD", "LTD", "GMBH"). */
  legalForms: readonly string[];
  /** Legal forms and marks printed only beside a name ("CO.", "(M)" for Malaysia, "& CIE"). */
  legalFormMarks: readonly string[];
  /** Legal forms as people type them and tills print them, dropped when two names are compared (known-stores.ts). */
  legalFormsAsTyped: readonly string[];
  /** Registration numbers printed in the header (company, tax): never part of the store's name. */
  registrationNumbers: readonly string[];
  /** Words of header lines other than the name: titles, labels, greetings, address words no name carries. */
  notNameWords: readonly string[];
  /** Words of a phone or fax line ("TELEFON", "TÉL"), besides the English ones: never the store's name. */
  contactWords: readonly string[];
  /** Words of a street address ("JALAN", "STREET", "STRASSE"): the line is address, not the name. */
  addressWords: readonly string[];
  /** Regions and cities printed in the address block, never in the store's name. */
  placeNames: readonly string[];
  /** Trades and shop types that names carry ("RESTORAN", "HARDWARE", "BÄCKEREI"). */
  tradeWords: readonly string[];
  /** Marks printed before amounts ("RM", "$", "€"). */
  currencyMarks: readonly string[];
  /** OCR repairs of words this locale's names print, applied to each header line before it is scored. */
  nameRepairs: readonly ((line: string) => string)[];
}

/** A locale's words, date order, currency and OCR languages; its month names come from Intl and `monthSpellings`. */
export interface LocaleModule extends Partial<LocaleWords>, MonthWordsOfLocale {
  /** BCP 47 tag, e.g. en-MY. */
  locale: string;
  dateOrder: DateOrder;
  currency: { code: string; symbol: string };
  /**
   * Tesseract languages a photo of this locale is read with, the main one first (`['heb', 'eng']`); each needs its
   * `@tesseract.js-data/<language>` package (ocr/traineddata.ts).
   */
  ocrLanguages: readonly string[];
}

export interface ReceiptVocabulary extends LocaleWords {
  locale: string;
  /** The receipt's region (MY, US, ...), for region-only checks such as Malaysia's GST years. */
  region: string | undefined;
  dateOrder: DateOrder;
  currency: { code: string; symbol: string };
  /** Tesseract languages of the receipt's locale, or of its language's module (de-AT reads as de-DE); `eng` for others. */
  ocrLanguages: readonly string[];
  /**
   * The words of the receipt's own language when it is not English (empty for English): the item reader skips the
   * tax, total, change and payment lines they name with letter boundaries that hold outside ASCII too.
   */
  languageWords: Partial<LocaleWords>;
  /** The month names of the receipt's own language when it is not English (none for English): dates read them. */
  months: LanguageMonths;
}
