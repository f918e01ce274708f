import type { LocaleWords } from './types';

/**
 * English receipt words, whichever country printed the receipt. The recogniser reads English (its trained data is
 * `eng`), and receipts in English share these words everywhere; what differs by country is in en-us.ts, en-gb.ts and
 * en-my.ts.
 */

/**
 * "Total" as OCR reads it: T0TAL, TOTA1, T OTAL, a T misread as a bracket, j or f ([otal, jotal, fatal), and one
 * misread inner letter (Torsl, Totzl, Talal, Totai).
 */
export const TOTAL_WORD = String.raw`[TiIj1[{|f]\s?[O0A]\s?[TLr]\s?[A4SZEI]\s?[L1I|\]]`;

/** "Total" spelled out, with only the digits and letters OCR most often reads for its own (T0TAL, TOT4L, TOTA1, TOTAI). */
export const TOTAL_SPELLED = String.raw`T[O0]T[A4][L1I]`;

/** The word's first four letters, spaced as OCR spaces bold print: a totals line however the word's end was read. */
export const TOTAL_STEM = String.raw`T\s?[O0]\s?T\s?A`;

/** A line that opens with "total" spelled out: the total line itself, or the total row of a tax summary. */
export const OPENS_WITH_TOTAL = new RegExp(String.raw`^\W*${TOTAL_SPELLED}\b`, 'i');

/** "Change" as OCR reads it when the line is clean enough to take its amount as the change: CHANGE, CHANDE, CHONGE. */
export const CHANGE_WORD = 'CH[AO]N[GDC]E';
/**
 * "Change" with more of its misreadings (CHENGE, CHANPE, CHANGS): enough to find the change line for a sum that must
 * then agree with a printed total to count (total-evidence.ts).
 */
export const CHANGE_WORD_MISREAD = 'CH[AEO]N[GDCNPA][ES]';

/**
 * Parts of the words of total and payment lines, English and Malay (BAKI, JUMLAH, RM), matched anywhere in a line:
 * deliberately broad, as OCR garbles these words too. A line with one and an amount is worth a second read
 * (field-rereads.ts).
 */
export const MONEY_LINE_HINTS = [
  '[TI1][O0]TA[L1]',
  'T[O0]T',
  'SUB',
  'CASH',
  'CHAN',
  'CHG',
  'BAKI',
  'ROUND',
  'TENDER',
  'PAID',
  'PAY',
  'AMOUNT',
  'AMT',
  'DUE',
  'JUMLAH',
  'NET',
  'GST',
  'TAX',
  String.raw`\bRM\b`,
  'CARD',
  'VISA',
  'MASTER',
  'DEBIT',
  'CREDIT',
  'RECEIVED',
];

/**
 * Whole words of a total or payment label as the page read gives them: a line with one whose amount the recogniser
 * did not read is read by the second recogniser too (cross-read.ts).
 */
export const TOTAL_OR_PAYMENT_LABELS = ['T[O0]TAL', 'NET', 'CASH', 'CHANGES?', 'TENDER', 'PAID', 'PAYABLE', 'DUE', 'ROUNDING'];

/** The amount due, named beyond doubt: both a total label and a final one. */
const AMOUNT_DUE_LABELS = [String.raw`AMOUNT\s?DUE`, String.raw`AMT\s?DUE`, String.raw`BALANCE\s?DUE`, String.raw`AMOUNT\s?TO\s?BE\s?PAID`];
/** The subtotal's labels, which also make a line naming a total no total. */
const SUBTOTAL_LABELS = [String.raw`SU[BE8]\s?-?\s?${TOTAL_WORD}`, String.raw`SUB\s?TTL`];

/**
 * A word of the item table's header ("QTY DESCRIPTION PRICE AMOUNT"): the store's address ends above it, and a
 * tax-code column beside it does not make it a tax summary.
 */
export const ITEM_HEADER = /\b(QTY|QUANTITY|DESC|DESCRIPTION|PRICE|ITEM)\b/i;

export const ENGLISH_WORDS: Partial<LocaleWords> = {
  // Not Canada's HST and PST: this list was measured on the SROIE receipts, and a receipt's own tax line is still found.
  notItemWords: [
    'TAX',
    'CHANGE',
    'CASH',
    'VISA',
    'MASTERCARD',
    'DEBIT',
    'CREDIT',
    'TENDER',
    'BALANCE',
    'ROUNDING',
    'AMOUNT',
    'PAYMENT',
    'CARD',
    'AUTH',
    'APPROVAL',
    'REF',
    'ACCOUNT',
    'DATE',
    'TIME',
    'TEL',
    'PHONE',
    'FAX',
    'INVOICE',
    'RECEIPT',
    'CASHIER',
    String.raw`MEMBER\s?ID`,
    'POINTS',
    String.raw`ITEMS?\s?SOLD`,
    String.raw`ITEM\s?COUNT`,
    String.raw`NO\.?\s?OF\s?ITEMS?`,
    String.raw`QTY\s?TOTAL`,
  ],
  notItemMarks: [
    // "Total" anywhere, as in SUBTOTAL and TOTALQTY.
    'TOTAL',
    String.raw`\bITEM\(S\)`,
    // The subtotal with its T or O misread: "SUB-T0TAL", "SUB (OT".
    String.raw`\bSU[BE8]\s?-?\s?[T([{][O0][TIL1]`,
    // A count of the quantity however its label was read: "TTL QTY", "TOTALQTY".
    String.raw`\bT[A-Z]{0,6}\s?QTY\b`,
  ],
  totalLabels: [
    ...AMOUNT_DUE_LABELS,
    String.raw`NET\s?AMOUNT`,
    String.raw`NET\s?AMT`,
    String.raw`AMOUNT\s?PAYABLE`,
    String.raw`TO\s?PAY\b`,
  ],
  finalTotalLabels: [...AMOUNT_DUE_LABELS, String.raw`TOTAL\s?PAYABLE`],
  subtotalLabels: [...SUBTOTAL_LABELS, String.raw`${TOTAL_WORD}\s?(SALES?\s?)?\(?(EXCL|EXCLUDING|BEFORE)`],
  notTotalLabels: [
    ...SUBTOTAL_LABELS,
    String.raw`${TOTAL_WORD}\s?(QTY|QUANTITY|ITEMS?|GST|TAX|SAVINGS?|SAVED|DISC|DISCOUNT|EXCL|EXCLUDING|W\/O|BEFORE|NO\.?\s?OF|PCS|UNITS?|VAT|SR|ZR)`,
    'EXCL',
    'EXCLUDING',
    String.raw`(QTY|ITEMS?|GST|TAX|VAT)\s?${TOTAL_WORD}`,
    'CHANGE',
    'TENDER',
    'CCEPTED',
    'CASH',
    String.raw`ROUNDING\s?(ADJ|ADJUSTMENT)`,
    'DISCOUNT',
    'SAVINGS',
    'POINTS?',
    String.raw`GST\s?SUMMARY`,
    String.raw`TAX\s?SUMMARY`,
    String.raw`BALANCE\s?(B\/F|BF)`,
    String.raw`\bSUPPLI`,
  ],
  inclusiveTotalMarks: ['INCL', String.raw`INC\.`, 'INCLUSIVE'],
  dateLabels: ['DATE', 'DT', String.raw`INV\.?\s?DATE`, String.raw`BILL\s?DATE`],
  // Canada's harmonised and provincial sales taxes, printed on English receipts.
  taxWords: ['TAX', 'HST', 'PST'],
  paymentWords: [
    'CASH',
    'VISA',
    'MASTERCARD',
    'MASTER',
    'AMEX',
    'DEBIT',
    'CREDIT',
    'CARD',
    'PAYPAL',
    String.raw`APPLE\s?PAY`,
    String.raw`GOOGLE\s?PAY`,
    'TENDER(ED)?',
  ],
  notNameWords: [
    String.raw`TAX\s?INVOICE`,
    'INV[O0Q]ICE',
    'RECEIPT',
    String.raw`CASH\s?BILL`,
    'WELCOME',
    'THANK',
    'TEL',
    'PHONE',
    'FAX',
    'REG',
    String.raw`CO\.?\s?NO`,
    String.raw`COMPANY\s?NO`,
    'DATE',
    'TIME',
    'CASHIER',
    'TABLE',
    'LOT',
    String.raw`NO\.?\s?\d`,
    'SIMPLIFIED',
    'ORIGINAL',
    'COPY',
    'MEMBER',
    'EMAIL',
    'WWW',
    'HTTP',
    String.raw`STORE\s?#`,
    'OPERATOR',
    String.raw`CASH(?!\s?[&Y]?\s?CARRY)`,
    'CHANGE',
    String.raw`FOR\s?SHOPPING`,
    String.raw`SHOPPING\s?WITH`,
    'TOTAL',
    'QTY',
    'ITEM',
    'PRICE',
    'AMOUNT',
    'SALESPERSON',
    'SERVED',
    'POS',
  ],
  addressWords: [
    String.raw`NO\.?`,
    'BLOCK',
    'BLK',
    'STREET',
    'ST',
    'AVE',
    'AVENUE',
    'RD',
    'ROAD',
    'BLVD',
    'DRIVE',
    'DR',
    'HWY',
    'HIGHWAY',
    'SUITE',
    'STE',
    'LANE',
    'LN',
    'PLAZA',
    'FLOOR',
    'FLR',
    'WAY',
  ],
  tradeWords: [
    'ENTERPRISE',
    'ENTERPRISES',
    'TRADING',
    'RESTAURANT',
    'HARDWARE',
    'STATIONERY',
    'STATIONARY',
    'MARKET',
    'SUPERMARKET',
    'MINIMARKET',
    'MART',
    'STORE',
    'STORES',
    'SHOP',
    'CAFE',
    'BAKERY',
    'PHARMACY',
    'HOLDINGS',
    'INDUSTRIES',
    'MARKETING',
    'SERVICES',
    'GROCERY',
    'GROCERIES',
    'FOODS?',
    'KITCHEN',
    'BOOK',
    'TRADERS',
    'AGENCY',
    'CENTRE',
    'CENTER',
    'WHOLESALE',
    'HYPERMARKET',
    'SEAFOOD',
    'BISTRO',
    String.raw`CASH\s?[&Y]?\s?CARRY`,
  ],
};
