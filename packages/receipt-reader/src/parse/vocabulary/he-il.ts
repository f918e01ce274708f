import type { LocaleModule } from './types';

/**
 * Israel: Hebrew, written right to left; day-first dates, shekels (₪, ש"ח), VAT (מע"מ); בע"מ ends company names and
 * the ח.פ. or ע.מ. number registers them. OCR of a printed Hebrew receipt needs Hebrew language data, which no npm
 * package ships here: these words read typed and e-receipts, and OCR text that arrives in Hebrew.
 */
const QUOTE = `["'״׳]`;

export const HE_IL: LocaleModule = {
  locale: 'he-IL',
  dateOrder: 'DMY',
  currency: { code: 'ILS', symbol: '₪' },
  currencyMarks: ['₪', `ש${QUOTE}ח`],
  totalLabels: [`סה${QUOTE}כ`, 'סך הכל', 'לתשלום', 'סכום'],
  finalTotalLabels: [`סה${QUOTE}כ לתשלום`, 'לתשלום'],
  subtotalLabels: [`סה${QUOTE}כ ביניים`, 'ביניים'],
  notTotalLabels: [`סה${QUOTE}כ ביניים`, 'ביניים', `סה${QUOTE}כ מע${QUOTE}מ`, 'הנחה', 'פריטים'],
  inclusiveTotalMarks: [`כולל מע${QUOTE}מ`],
  dateLabels: ['תאריך'],
  taxWords: [`מע${QUOTE}מ`],
  changeWords: ['עודף'],
  paymentWords: ['מזומן', 'אשראי', 'כרטיס אשראי', 'ויזה', 'ישראכרט'],
  legalForms: [`בע${QUOTE}מ`],
  legalFormsAsTyped: [`בע${QUOTE}מ`],
  registrationNumbers: [`(ח${QUOTE}?\\.?פ|ע${QUOTE}?\\.?מ)\\.?\\s?:?\\s?\\d{8,9}`],
  notNameWords: ['קבלה', 'חשבונית', 'מס', 'קופה', 'קופאי', 'תודה', 'שעה'],
  addressWords: ['רחוב', 'רח\\.', 'שדרות', 'שד\\.'],
  placeNames: ['ישראל'],
  tradeWords: ['סופרמרקט', 'מרכול', 'מאפייה', 'בית מרקחת', 'שוק'],
};
