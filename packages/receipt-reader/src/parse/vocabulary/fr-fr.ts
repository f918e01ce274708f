import type { LocaleModule } from './types';

/** "Total" with taxes (TTC) and the net to pay: total labels that also name the final amount. */
const FINAL_TOTAL_LABELS = [String.raw`\bTOTAL\s?TTC\b`, String.raw`\bNET\s?[AÀ]\s?PAYER\b`];
/** The subtotal before taxes (HT), which also makes a line naming a total no total. */
const SUBTOTAL_LABELS = [String.raw`\bSOUS[- ]?TOTAL\b`, String.raw`\bTOTAL\s?HT\b`];

/** France: day-first dates, euros, TVA; SARL, SAS and SA end company names; SIRET and the TVA number register them. */
export const FR_FR: LocaleModule = {
  locale: 'fr-FR',
  dateOrder: 'DMY',
  ocrLanguages: ['fra'],
  currency: { code: 'EUR', symbol: '€' },
  currencyMarks: ['€'],
  // Whole words: unlike the English labels, these are also parts of longer words and names ("SOMMERSET").
  totalLabels: [...FINAL_TOTAL_LABELS, String.raw`\bMONTANT\b`, String.raw`(?<![A-Z])[AÀ]\s?PAYER\b`, String.raw`\bSOMME\b`],
  finalTotalLabels: FINAL_TOTAL_LABELS,
  subtotalLabels: SUBTOTAL_LABELS,
  notTotalLabels: [...SUBTOTAL_LABELS, String.raw`\bTOTAL\s?TVA\b`],
  inclusiveTotalMarks: ['TTC'],
  // Intl's names (janvier, janv., févr., juil.) and the three-letter forms tills print beside them; "1er mai".
  monthSpellings: { 1: ['JAN'], 2: ['FÉV'], 6: ['JUN'], 7: ['JUL'], 8: ['AOÛ'], 9: ['SEP'] },
  daySuffixes: ['ER'],
  taxWords: ['TVA'],
  changeWords: [String.raw`RENDU\s?MONNAIE`, 'RENDU', 'MONNAIE'],
  // The longer name first: the match names the method.
  paymentWords: [String.raw`CARTE\s?BANCAIRE`, 'CARTE', 'ESP[EÈ]CES', 'CB', 'CH[EÈ]QUE'],
  legalForms: ['SARL', 'SASU', 'SAS', 'SA', 'EURL', 'SNC'],
  legalFormsAsTyped: ['SARL', 'SASU', 'SAS', 'SA', 'EURL'],
  registrationNumbers: [String.raw`\bSIRE[NT]\s?:?\s?[\d ]{9,17}`, String.raw`\bFR\s?[0-9A-Z]{2}\s?\d{9}\b`],
  notNameWords: ['TICKET', 'CAISSE', 'CAISSIER', 'MERCI', 'BIENVENUE', 'FACTURE', 'HEURE'],
  contactWords: ['TÉLÉPHONE', 'TELEPHONE', 'TÉL'],
  addressWords: ['RUE', 'AVENUE', 'BD', 'BOULEVARD', 'PLACE', 'CHEMIN', 'ROUTE', 'ALL[EÉ]E', 'QUAI'],
  placeNames: ['FRANCE', 'CEDEX'],
  tradeWords: ['BOULANGERIE', 'PHARMACIE', 'BOUCHERIE', 'SUPERMARCH[EÉ]', 'MARCH[EÉ]', '[EÉ]PICERIE', 'TABAC'],
};
