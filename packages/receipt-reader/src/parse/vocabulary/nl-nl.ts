import type { LocaleModule } from './types';

/** The amount to pay: a total label that also names the final amount. */
const TO_PAY = String.raw`\bTE\s?BETALEN\b`;
/** The subtotal, which also makes a line naming a total no total. */
const SUBTOTAL = String.raw`\bSUBTOTAAL\b`;

/** The Netherlands: day-first dates, euros, BTW; B.V. and N.V. end company names; the KvK and BTW numbers register them. */
export const NL_NL: LocaleModule = {
  locale: 'nl-NL',
  dateOrder: 'DMY',
  ocrLanguages: ['nld'],
  currency: { code: 'EUR', symbol: '€' },
  currencyMarks: ['€'],
  totalLabels: [String.raw`\bTOTAAL\b`, TO_PAY, String.raw`\bBEDRAG\b`],
  finalTotalLabels: [TO_PAY],
  subtotalLabels: [SUBTOTAL],
  notTotalLabels: [SUBTOTAL, String.raw`\bTOTAAL\s?BTW\b`],
  inclusiveTotalMarks: [String.raw`INCL\.?\s?BTW`],
  dateLabels: ['DATUM'],
  // Intl's names (januari, mrt, okt) and the four-letter September tills print too.
  monthSpellings: { 9: ['SEPT'] },
  taxWords: ['BTW'],
  changeWords: ['WISSELGELD', 'TERUG'],
  paymentWords: ['CONTANT', 'PINNEN', 'PIN', 'BETAALD', 'MAESTRO', 'V\\s?PAY'],
  legalForms: [String.raw`B\.?\s?V\.?`, String.raw`N\.?\s?V\.?`, 'VOF'],
  legalFormsAsTyped: [String.raw`B\.?V\.?`, String.raw`N\.?V\.?`],
  registrationNumbers: [String.raw`\bKVK\s?:?\s?\d{8}\b`, String.raw`\bNL\s?\d{9}B\d{2}\b`],
  notNameWords: ['KASSABON', 'BON', 'KASSA', 'BEDANKT', 'TIJD', 'KASSIÈRE', 'KASSIERE'],
  contactWords: ['TELEFOON'],
  // Street names are compounds ending in the street word: "Damstraat", "Prinsengracht".
  addressWords: [String.raw`\p{L}*(STRAAT|LAAN|WEG|PLEIN|GRACHT|KADE)`],
  placeNames: ['NEDERLAND'],
  tradeWords: ['SUPERMARKT', 'BAKKERIJ', 'APOTHEEK', 'SLAGERIJ', 'DROGISTERIJ', 'MARKT'],
};
