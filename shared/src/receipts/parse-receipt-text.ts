import { roundMoney } from './amounts';
import { findDates, findTime, type FoundDate } from './dates';
import { findItems } from './items';
import { getCurrency, getDateOrder, type DateOrder } from './locale';
import { findStore } from './store';
import { splitReceiptLines } from './text-lines';
import { findTotals } from './totals';
import type { Field, TConsistencyCheck, TParsedReceipt, TReceiptItem } from './types';

export interface ParseReceiptOptions {
  /** BCP 47 tag; decides day/month order of numeric dates and the currency. */
  locale?: string;
  /** Reference "today" for plausibility checks; injectable for tests. */
  now?: Date;
}

const DATE_LABEL = /\b(DATE|TARIKH|DT|INV\.?\s?DATE|BILL\s?DATE)\b/i;
const NOT_PURCHASE_DATE = /\b(EXP|EXPIRY|EXPIRES|VALID|DUE|BEFORE|UNTIL|BIRTH|DOB|PRINTED)\b/i;

interface DateCandidate {
  date: FoundDate;
  score: number;
  lineIndex: number;
}

/** OCR often reads the slashes of 12/02/2018 as 1 or 7 ("1210212018"); repair that on labelled lines. */
function repairDateSeparators(line: string): string {
  return line
    .replace(/(?<![0-9])([0-3]\d)[17lI|]([01]\d)[17lI|]((?:19|20)\d{2})(?![0-9])/g, '$1/$2/$3')
    .replace(/(?<![0-9/.-])([0-3]\d)([01]\d)([/.-])((?:19|20)\d{2})(?![0-9])/g, '$1$3$2$3$4')
    .replace(/(?<![0-9])([0-3]\d)([/.-])([01]\d)((?:19|20)\d{2})(?![0-9])/g, '$1$2$3$2$4');
}

function findReceiptDate(lines: readonly string[], order: DateOrder, now: Date): { date: Field<string>; lineIndex: number } {
  const candidates: DateCandidate[] = [];
  lines.forEach((rawLine, lineIndex) => {
    const hasLabel = DATE_LABEL.test(rawLine);
    const line = hasLabel ? repairDateSeparators(rawLine) : rawLine;
    for (const date of findDates(line.toUpperCase(), order, now)) {
      let score = 1 - lineIndex / Math.max(lines.length, 1) / 2;
      if (hasLabel) score += 2;
      if (NOT_PURCHASE_DATE.test(line)) score -= 2;
      if (findTime(line)) score += 0.5;
      if (date.isTextMonth) score += 0.3;
      candidates.push({ date, score, lineIndex });
    }
  });
  candidates.sort((a, b) => b.score - a.score);
  const best = candidates[0];
  if (!best) return { date: { value: null, confidence: 0 }, lineIndex: -1 };
  const agreeing = candidates.filter((candidate) => candidate.date.iso === best.date.iso).length;
  let confidence = 0.55 + Math.min(0.3, best.score * 0.1) + (agreeing > 1 ? 0.1 : 0);
  if (best.date.isAmbiguous) confidence -= 0.15;
  return { date: { value: best.date.iso, confidence: roundMoney(Math.min(0.98, confidence)) }, lineIndex: best.lineIndex };
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
export function checkConsistency(items: readonly TReceiptItem[], tax: number | null, total: number | null, currency: string): TConsistencyCheck {
  const itemsTotal = roundMoney(items.reduce((sum, item) => sum + item.price, 0));
  const discountTotal = roundMoney(items.reduce((sum, item) => sum + item.discount, 0));
  const taxValue = tax ?? 0;
  const expectedTotal = roundMoney(itemsTotal - discountTotal + taxValue);
  if (total === null) {
    return { itemsTotal, discountTotal, tax: taxValue, expectedTotal, total, difference: null, isConsistent: false, message: 'No total found on the receipt.' };
  }
  const difference = roundMoney(total - expectedTotal);
  // Malaysian tills round cash totals to 5 sen; prices that already include GST/SST make tax double-counted.
  const tolerance = currency === 'MYR' ? 0.05 : 0.011;
  const isInclusiveTaxMatch = Math.abs(roundMoney(total - (itemsTotal - discountTotal))) <= tolerance;
  const isConsistent = items.length > 0 && (Math.abs(difference) <= tolerance || isInclusiveTaxMatch);
  const message = items.length === 0
    ? 'No line items were read, so the total could not be checked.'
    : isConsistent
      ? 'Items, discounts and tax add up to the total.'
      : `Items, discounts and tax add up to ${expectedTotal.toFixed(2)}, but the receipt says ${total.toFixed(2)}: some lines may be misread.`;
  return { itemsTotal, discountTotal, tax: taxValue, expectedTotal, total, difference, isConsistent, message };
}

/** Extracts store, date, items and totals from receipt text (OCR output, a PDF's text layer or pasted text). */
export function parseReceiptText(text: string, options: ParseReceiptOptions = {}): TParsedReceipt {
  const locale = options.locale ?? 'en-US';
  const now = options.now ?? new Date();
  const order = getDateOrder(locale);
  const currency = getCurrency(locale);
  const lines = splitReceiptLines(text);
  const storeInfo = findStore(lines);
  const { date, lineIndex: dateLine } = findReceiptDate(lines, order, now);
  const totals = findTotals(lines);
  const itemsStart = Math.max(storeInfo.headerEnd + 1, 0);
  const items = findItems(lines, itemsStart, totals.totalsStart);
  return {
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
}
