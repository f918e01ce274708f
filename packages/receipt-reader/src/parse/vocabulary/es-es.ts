import type { LocaleModule } from './types';

/** The total to pay: a total label that also names the final amount. */
const TOTAL_TO_PAY = String.raw`\bTOTAL\s?A\s?PAGAR\b`;
/** The taxable base (the subtotal), which also makes a line naming a total no total. */
const TAXABLE_BASE = String.raw`\bBASE\s?IMPONIBLE\b`;

/** Spain: day-first dates, euros, IVA; S.L. and S.A. end company names; the CIF/NIF registers them. */
export const ES_ES: LocaleModule = {
  locale: 'es-ES',
  dateOrder: 'DMY',
  ocrLanguages: ['spa'],
  currency: { code: 'EUR', symbol: '€' },
  currencyMarks: ['€'],
  // Whole words: "TOTAL" alone is in the English list already.
  totalLabels: [String.raw`\bIMPORTE\b`, TOTAL_TO_PAY, String.raw`\bA\s?PAGAR\b`],
  finalTotalLabels: [TOTAL_TO_PAY],
  subtotalLabels: [TAXABLE_BASE],
  notTotalLabels: [TAXABLE_BASE, String.raw`\bTOTAL\s?IVA\b`],
  inclusiveTotalMarks: [String.raw`IVA\s?INC`],
  dateLabels: ['FECHA'],
  // Intl's names (enero, ene, sept), "setiembre" (a spelling the RAE accepts; not its "SET", an item word) and "1º de mayo".
  monthSpellings: { 9: ['SEP', 'SETIEMBRE'] },
  daySuffixes: ['º', '°'],
  taxWords: ['IVA', 'I\\.V\\.A\\.?'],
  changeWords: ['CAMBIO', 'DEVOLUCI[OÓ]N', 'VUELTA'],
  paymentWords: ['EFECTIVO', 'TARJETA', String.raw`T\.\s?CR[EÉ]DITO`],
  legalForms: [String.raw`S\.?\s?L\.?U?`, String.raw`S\.?\s?A\.?`],
  legalFormsAsTyped: [String.raw`S\.?L\.?`, String.raw`S\.?A\.?`],
  registrationNumbers: [String.raw`\b(CIF|NIF)\s?:?\s?[A-Z]?-?\d{7,8}-?[A-Z0-9]?`],
  notNameWords: ['TICKET', 'FACTURA', 'SIMPLIFICADA', 'GRACIAS', 'CAJA', 'CAJERO', 'HORA'],
  contactWords: ['TELÉFONO', 'TELEFONO', 'TFNO', 'TLF'],
  addressWords: ['CALLE', 'C\\/', 'AVDA', 'AVENIDA', 'PLAZA', 'PASEO', 'CTRA'],
  placeNames: ['ESPAÑA', 'ESPANA'],
  tradeWords: ['SUPERMERCADO', 'PANADER[IÍ]A', 'FARMACIA', 'CARNICER[IÍ]A', 'FRUTER[IÍ]A', 'MERCADO'],
};
