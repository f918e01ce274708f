import type { LocaleModule } from './types';

/** The Netherlands: day-first dates, euros, BTW; B.V. and N.V. end company names; the KvK and BTW numbers register them. */
export const NL_NL: LocaleModule = {
  locale: 'nl-NL',
  dateOrder: 'DMY',
  currency: { code: 'EUR', symbol: '€' },
  currencyMarks: ['€'],
  totalLabels: [String.raw`\bTOTAAL\b`, String.raw`\bTE\s?BETALEN\b`, String.raw`\bBEDRAG\b`],
  finalTotalLabels: [String.raw`\bTE\s?BETALEN\b`],
  subtotalLabels: [String.raw`\bSUBTOTAAL\b`],
  notTotalLabels: [String.raw`\bSUBTOTAAL\b`, String.raw`\bTOTAAL\s?BTW\b`],
  inclusiveTotalMarks: [String.raw`INCL\.?\s?BTW`],
  dateLabels: ['DATUM'],
  taxWords: ['BTW'],
  changeWords: ['WISSELGELD', 'TERUG'],
  paymentWords: ['CONTANT', 'PINNEN', 'PIN', 'BETAALD', 'MAESTRO', 'V\\s?PAY'],
  legalForms: [String.raw`B\.?\s?V\.?`, String.raw`N\.?\s?V\.?`, 'VOF'],
  legalFormsAsTyped: [String.raw`B\.?V\.?`, String.raw`N\.?V\.?`],
  registrationNumbers: [String.raw`\bKVK\s?:?\s?\d{8}\b`, String.raw`\bNL\s?\d{9}B\d{2}\b`],
  notNameWords: ['KASSABON', 'BON', 'KASSA', 'BEDANKT', 'TIJD', 'KASSIÈRE', 'KASSIERE'],
  addressWords: ['STRAAT', 'LAAN', 'WEG', 'PLEIN', 'GRACHT', 'KADE'],
  placeNames: ['NEDERLAND'],
  tradeWords: ['SUPERMARKT', 'BAKKERIJ', 'APOTHEEK', 'SLAGERIJ', 'DROGISTERIJ', 'MARKT'],
};
