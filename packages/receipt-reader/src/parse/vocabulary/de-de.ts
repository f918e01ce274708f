import type { LocaleModule } from './types';

/** Labels of the final amount: total labels too. */
const FINAL_TOTAL_LABELS = [
  String.raw`\bGESAMTBETRAG\b`,
  String.raw`\bENDBETRAG\b`,
  String.raw`\bZAHLBETRAG\b`,
  String.raw`\bZU\s?ZAHLEN\b`,
];
/** The subtotal, which also makes a line naming a total no total. */
const SUBTOTAL = String.raw`\bZWISCHENSUMME\b`;

/** Germany: day-first dates, euros, MwSt.; GMBH, AG and KG end company names; HRB and USt-IdNr. register them. */
export const DE_DE: LocaleModule = {
  locale: 'de-DE',
  dateOrder: 'DMY',
  ocrLanguages: ['deu'],
  currency: { code: 'EUR', symbol: '€' },
  currencyMarks: ['€'],
  // Whole words: unlike the English labels, these are also parts of longer words and names.
  totalLabels: [String.raw`\bSUMME\b`, String.raw`\bGESAMT\b`, ...FINAL_TOTAL_LABELS],
  finalTotalLabels: FINAL_TOTAL_LABELS,
  subtotalLabels: [SUBTOTAL],
  notTotalLabels: [SUBTOTAL],
  inclusiveTotalMarks: ['INKL', 'EUR'],
  dateLabels: ['DATUM'],
  // Intl's names (Januar, Jan., Sept., Okt.) and the short forms tills print beside them.
  monthSpellings: { 3: ['MRZ', 'MAERZ'] },
  taxWords: ['MWST', 'UST', 'MEHRWERTSTEUER'],
  changeWords: ['RÜCKGELD', 'RUECKGELD', 'WECHSELGELD', 'ZURÜCK'],
  paymentWords: ['BAR', String.raw`EC[- ]?KARTE`, 'GIROCARD', 'KARTENZAHLUNG'],
  legalForms: ['GMBH', 'AG', 'KG', 'OHG', 'UG', String.raw`E\.\s?K`],
  legalFormMarks: [String.raw`&\s?CO\.?`],
  legalFormsAsTyped: [String.raw`GMBH`, 'AG', 'KG', 'OHG'],
  registrationNumbers: [String.raw`\bHR[AB]\s?\d{3,6}\b`, String.raw`\bDE\s?\d{9}\b`],
  notNameWords: ['KASSE', 'BON', 'BELEG', 'DATUM', 'UHRZEIT', 'KASSIERER', 'VIELEN DANK', String.raw`STEUER\s?-?NR`],
  contactWords: ['TELEFON'],
  // Street names are compounds ending in the street word: "Hauptstr.", "Birkenweg", "Marktplatz".
  addressWords: [String.raw`\p{L}*(STR(ASSE|\.)?|STRAßE|PLATZ|WEG|ALLEE|GASSE)`],
  placeNames: ['DEUTSCHLAND'],
  tradeWords: ['BÄCKEREI', 'METZGEREI', 'APOTHEKE', 'MARKT', 'SUPERMARKT', 'DROGERIE', 'GETRÄNKE'],
};
