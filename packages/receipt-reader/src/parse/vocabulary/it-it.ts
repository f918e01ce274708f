import type { LocaleModule } from './types';

/** The subtotal and the taxable amount, which also make a line naming a total no total. */
const SUBTOTAL_LABELS = [String.raw`\bSUBTOTALE\b`, String.raw`\bIMPONIBILE\b`];
/** The amount to pay: a total label that also names the final amount. */
const TO_PAY = String.raw`\bDA\s?PAGARE\b`;

/** Italy: day-first dates, euros, IVA; S.R.L. and S.P.A. end company names; the Partita IVA registers them. */
export const IT_IT: LocaleModule = {
  locale: 'it-IT',
  dateOrder: 'DMY',
  ocrLanguages: ['ita'],
  currency: { code: 'EUR', symbol: '€' },
  currencyMarks: ['€'],
  totalLabels: [String.raw`\bTOTALE\b`, String.raw`\bIMPORTO\b`, TO_PAY],
  finalTotalLabels: [String.raw`\bTOTALE\s?COMPLESSIVO\b`, TO_PAY],
  subtotalLabels: SUBTOTAL_LABELS,
  notTotalLabels: [...SUBTOTAL_LABELS, String.raw`\bDI\s?CUI\s?IVA\b`],
  inclusiveTotalMarks: [String.raw`IVA\s?INCL`],
  dateLabels: ['DATA'],
  // Intl's names (gennaio, gen, set) and "1° maggio".
  monthSpellings: { 9: ['SETT'] },
  daySuffixes: ['°', 'º'],
  taxWords: ['IVA'],
  changeWords: ['RESTO'],
  paymentWords: ['CONTANTI', 'CONTANTE', 'BANCOMAT', String.raw`CARTA(\s?DI\s?CREDITO)?`, String.raw`PAGAMENTO\s?ELETTRONICO`],
  legalForms: [String.raw`S\.?\s?R\.?\s?L\.?S?`, String.raw`S\.?\s?P\.?\s?A\.?`, String.raw`S\.?\s?N\.?\s?C\.?`],
  legalFormsAsTyped: [String.raw`S\.?R\.?L\.?`, String.raw`S\.?P\.?A\.?`],
  registrationNumbers: [String.raw`\bP(ARTITA)?\.?\s?IVA\s?:?\s?(IT)?\s?\d{11}\b`, String.raw`\bC\.?F\.?\s?:?\s?\d{11}\b`],
  notNameWords: ['SCONTRINO', 'DOCUMENTO', 'COMMERCIALE', 'GRAZIE', 'CASSA', 'CASSIERE', 'ORA'],
  contactWords: ['TELEFONO'],
  addressWords: ['VIA', 'VIALE', 'PIAZZA', 'CORSO', 'LARGO', 'VICOLO'],
  placeNames: ['ITALIA'],
  tradeWords: ['SUPERMERCATO', 'PANIFICIO', 'FARMACIA', 'MACELLERIA', 'ALIMENTARI', 'MERCATO'],
};
