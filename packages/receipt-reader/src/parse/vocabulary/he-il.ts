import type { LocaleModule } from './types';

/**
 * Israel: Hebrew, written right to left; day-first dates, shekels (₪, ש"ח), VAT (מע"מ); בע"מ ends company names and
 * the ח.פ. or ע.מ. number registers them. Photos are read with tesseract's Hebrew data (@tesseract.js-data/heb) and
 * English beside it; the PP-OCR cross-reader, which reads no Hebrew, is skipped for them.
 */
const QUOTE = `["'״׳]`;
/** "Total" (סה"כ, short for סך הכל) and "to pay". */
const TOTAL = `סה${QUOTE}כ`;
const TO_PAY = 'לתשלום';
/** The subtotal, which also makes a line naming a total no total. */
const SUBTOTAL_LABELS = [`${TOTAL} ביניים`, 'ביניים'];
/** The VAT (מע"מ). */
const VAT = `מע${QUOTE}מ`;

export const HE_IL: LocaleModule = {
  locale: 'he-IL',
  dateOrder: 'DMY',
  // Hebrew first; English for the Latin brand names, units and codes Israeli receipts print among it.
  ocrLanguages: ['heb', 'eng'],
  currency: { code: 'ILS', symbol: '₪' },
  currencyMarks: ['₪', `ש${QUOTE}ח`],
  totalLabels: [TOTAL, 'סך הכל', TO_PAY, 'סכום'],
  finalTotalLabels: [`${TOTAL} ${TO_PAY}`, TO_PAY],
  subtotalLabels: SUBTOTAL_LABELS,
  notTotalLabels: [...SUBTOTAL_LABELS, `${TOTAL} ${VAT}`, 'הנחה', 'פריטים'],
  inclusiveTotalMarks: [`כולל ${VAT}`],
  dateLabels: ['תאריך'],
  taxWords: [VAT],
  changeWords: ['עודף'],
  paymentWords: ['מזומן', 'אשראי', 'כרטיס אשראי', 'ויזה', 'ישראכרט'],
  legalForms: [`בע${QUOTE}מ`],
  legalFormsAsTyped: [`בע${QUOTE}מ`],
  registrationNumbers: [`(ח${QUOTE}?\\.?פ|ע${QUOTE}?\\.?מ)\\.?\\s?:?\\s?\\d{8,9}`],
  notNameWords: ['קבלה', 'חשבונית', 'מס', 'קופה', 'קופאי', 'תודה', 'שעה'],
  contactWords: ['טלפון', `טל${QUOTE}?`, 'פקס'],
  addressWords: ['רחוב', 'רח\\.', 'שדרות', 'שד\\.'],
  placeNames: ['ישראל'],
  tradeWords: ['סופרמרקט', 'מרכול', 'מאפייה', 'בית מרקחת', 'שוק'],
};
