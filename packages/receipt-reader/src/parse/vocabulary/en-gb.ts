import type { LocaleModule } from './types';

/** United Kingdom: day-first dates, pounds, VAT; LTD and LIMITED end company names. */
const TAX_WORDS = ['VAT'];

export const EN_GB: LocaleModule = {
  locale: 'en-GB',
  dateOrder: 'DMY',
  ocrLanguages: ['eng'],
  currency: { code: 'GBP', symbol: '£' },
  currencyMarks: ['£'],
  taxWords: TAX_WORDS,
  notItemWords: TAX_WORDS,
  legalForms: ['LTD', 'LIMITED'],
  legalFormsAsTyped: [String.raw`LTD\.?`],
};
