import { roundMoney } from './amounts';
import { findTime } from './dates';
import { findItems, QUANTITY_FIRST_HEADER } from './items';
import { DEFAULT_RECEIPT_LOCALE } from './locale';
import { findReceiptDate } from './receipt-date';
import { findStore } from './store';
import { splitReceiptLines } from './text-lines';
import { addWithRounding, type TotalEvidence } from './total-evidence';
import { findTotals } from './totals';
import { getVocabulary } from './vocabulary/index';
import { getPatterns } from './vocabulary/patterns';
import type { Field, TConsistencyCheck, TParsedReceipt, TReceiptItem } from '@cartwise/contracts/contracts/parsed-receipt';

export interface ParseReceiptOptions {
  /** BCP 47 tag; chooses the vocabulary (vocabulary/), the day/month order of numeric dates and the currency. */
  locale?: string;
  /** Reference "today" for plausibility checks; injectable for tests. */
  now?: Date;
}

function findReceiptTime(lines: readonly string[], dateLine: number): Field<string> {
  const order = dateLine >= 0 ? [dateLine, ...lines.keys()] : [...lines.keys()];
  for (const index of order) {
    const line = lines[index] ?? '';
    const time = findTime(line);
    if (time) return { value: time.value, confidence: index === dateLine ? 0.85 : 0.6 };
  }
  return { value: null, confidence: 0 };
}

/** items - discounts + tax, compared with the printed total; shown to the user as a sanity check. */
export function checkConsistency(
  items: readonly TReceiptItem[],
  tax: number | null,
  total: number | null,
  currency: string,
): TConsistencyCheck {
  const itemsTotal = roundMoney(items.reduce((sum, item) => sum + item.price, 0));
  const discountTotal = roundMoney(items.reduce((sum, item) => sum + item.discount, 0));
  const taxValue = tax ?? 0;
  const expectedTotal = roundMoney(itemsTotal - discountTotal + taxValue);
  if (total === null) {
    return {
      itemsTotal,
      discountTotal,
      tax: taxValue,
      expectedTotal,
      total,
      difference: null,
      isConsistent: false,
      message: 'No total found on the receipt.',
    };
  }
  const difference = roundMoney(total - expectedTotal);
  // Malaysian tills round cash totals to 5 sen; prices that already include GST/SST make tax double-counted.
  const tolerance = currency === 'MYR' ? 0.05 : 0.011;
  const isInclusiveTaxMatch = Math.abs(roundMoney(total - (itemsTotal - discountTotal))) <= tolerance;
  const isConsistent = items.length > 0 && (Math.abs(difference) <= tolerance || isInclusiveTaxMatch);
  const message =
    items.length === 0
      ? 'No line items were read, so the total could not be checked.'
      : isConsistent
        ? 'Items, discounts and tax add up to the total.'
        : `Items, discounts and tax add up to ${expectedTotal.toFixed(2)}, but the receipt says ${total.toFixed(2)}: some lines may be misread.`;
  return { itemsTotal, discountTotal, tax: taxValue, expectedTotal, total, difference, isConsistent, message };
}

/** Extracts store, date, items and totals from receipt text (OCR output, a PDF's text layer or pasted text). */
export function parseReceiptText(text: string, options: ParseReceiptOptions = {}): TParsedReceipt {
  return parseReceiptTextWithEvidence(text, options).parsed;
}

export interface ParsedReceiptWithEvidence {
  parsed: TParsedReceipt;
  /** The independent sums the total was checked against (OCR re-reads use them to judge a read total). */
  totalEvidence: TotalEvidence[];
}

/** parseReceiptText, plus the evidence behind the total. */
export function parseReceiptTextWithEvidence(text: string, options: ParseReceiptOptions = {}): ParsedReceiptWithEvidence {
  const locale = options.locale ?? DEFAULT_RECEIPT_LOCALE;
  const now = options.now ?? new Date();
  const vocabulary = getVocabulary(locale);
  const currency = vocabulary.currency;
  const lines = splitReceiptLines(text);
  const storeInfo = findStore(lines, vocabulary);
  const { date, lineIndex: dateLine } = findReceiptDate(lines, {
    order: vocabulary.dateOrder,
    now,
    region: vocabulary.region,
    dateLabel: getPatterns(vocabulary).dateLabel,
    months: vocabulary.months,
  });
  const printedTotals = findTotals(lines, [], vocabulary);
  const itemsStart = Math.max(storeInfo.headerEnd + 1, 0);
  const isQuantityFirst = lines.slice(0, printedTotals.totalsStart).some((line) => QUANTITY_FIRST_HEADER.test(line));
  const items = findItems(lines, itemsStart, printedTotals.totalsStart, { isQuantityFirst, notItem: getPatterns(vocabulary).notItem });
  // The items' sum is one more independent statement of the total; read the totals again with it.
  const itemsEvidence: TotalEvidence[] = [];
  if (items.length > 0)
    addWithRounding(
      itemsEvidence,
      'items',
      items.reduce((sum, item) => sum + item.price - item.discount, 0),
    );
  const totals = itemsEvidence.length > 0 ? findTotals(lines, itemsEvidence, vocabulary) : printedTotals;
  const parsed: TParsedReceipt = {
    locale,
    currency: currency.code,
    store: storeInfo.store,
    address: storeInfo.address,
    date,
    time: findReceiptTime(lines, dateLine),
    items,
    subtotal: totals.subtotal,
    tax: totals.tax,
    total: totals.total,
    payment: totals.payment,
    consistency: checkConsistency(items, totals.tax.value, totals.total.value, currency.code),
  };
  if (!parsed.consistency.isConsistent) {
    // Names printed under their prices: kept only when those items add up to the total read without them.
    const below = findItems(lines, itemsStart, printedTotals.totalsStart, {
      isNameBelow: true,
      isQuantityFirst,
      notItem: getPatterns(vocabulary).notItem,
    });
    const check = checkConsistency(below, totals.tax.value, totals.total.value, currency.code);
    if (check.isConsistent) return { parsed: { ...parsed, items: below, consistency: check }, totalEvidence: totals.evidence };
  }
  return { parsed, totalEvidence: totals.evidence };
}
