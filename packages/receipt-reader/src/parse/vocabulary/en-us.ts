import type { LocaleModule } from './types';

/** United States: month-first dates, dollars; EBT is food-stamp payment; INC, LLC and CORP end company names. */
export const EN_US: LocaleModule = {
  locale: 'en-US',
  dateOrder: 'MDY',
  ocrLanguages: ['eng'],
  currency: { code: 'USD', symbol: '$' },
  currencyMarks: [String.raw`\$`, 'USD'],
  paymentWords: ['EBT'],
  legalForms: ['INC', 'LLC'],
  legalFormMarks: ['CORP(ORATION)?', String.raw`CO\.`, 'COMPANY'],
  legalFormsAsTyped: ['LLC', String.raw`INC\.?`, String.raw`CORP\.?`, String.raw`CO\.?`],
};
