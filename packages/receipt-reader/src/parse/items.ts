import { editDistance } from '@cartwise/contracts/domain/edit-distance';
import { findAmounts, fixDigits, roundMoney, type FoundAmount } from './amounts';
import { DATE_IN_LINE } from './dates';
import { parseSize } from '@cartwise/contracts/domain/sizes';
import type { TReceiptItem } from '@cartwise/contracts/contracts/parsed-receipt';
import { DEFAULT_RECEIPT_LOCALE } from './locale';
import { getVocabulary } from './vocabulary/index';
import { getPatterns } from './vocabulary/patterns';

// "1b"/"Ib" and a leading "©" for 0 are how OCR most often misreads "lb" and "0.99".
const WEIGHED = /(\d+(?:[.,]\d+)?)\s?(lbs?|[1I]bs?|kgs?|g)\b\s?(?:@|at|x)\s?(?:RM|\$)?\s?([\d©O]+[.,]\d{2})\s?\/\s?(lb|[1I]b|kg|100\s?g)/i;
const MULTIPLE =
  /(?<![\d.])(\d{1,3})[^\w\s@]{0,3}\s?(?:PCS?|PC|UNITS?|EA|X)?\s?(?:@|[xX*])\s?(?:RM|\$)?\s?(\d+[.,]\d{2})(?:\s?(?:EA|EACH|\/EA))?/i;
const QTY_LABEL = /\bQTY[:\s]*(\d{1,3})\b/i;
const LEADING_QTY = /^(\d{1,2})[^\w\s]{0,2}\s?[xX*]\s+(?=\S)/;
const DISCOUNT = /\b(COUPON|CPN|DISCOUNT|SAVINGS?|YOU SAVED|SAVE|PROMO|MARKDOWN|MEMBER\s?PRICE|INSTANT\s?SAVINGS|MFR|\d+%\s?OFF|OFF)\b/i;
/**
 * DISC alone names discounts ("DISC 10%", "MEMBER DISC -1.00") and products too ("105MM CUTTING DISC 29.68"): it marks a
 * discount when it opens the line, sits beside a percentage or its amount is negative.
 */
const DISC_WORD = /^\W*DISC\b|\bDISC\.?\s*\(?\d+(?:\.\d+)?\s?%|%\s*DISC\b/i;
/** Opening hours under the address ("MON-SUN: 1000 HRS - 2200 HRS"): no product's name. */
const OPENING_HOURS = /\b\d{3,4}\s?HRS\b|\b(MON|TUE|WED|THU|FRI|SAT|SUN)\s?-\s?(MON|TUE|WED|THU|FRI|SAT|SUN)\b/i;

/**
 * The subtotal label with up to two letters misread ("Sublotal", "Subitoial", "SUBTLTALR", "Sub 1 tal"), after a count
 * of items some tills print before it ("4 Sublotal 179.66"). The exact spellings are the vocabulary's notItemMarks.
 */
function isMisreadSubtotal(label: string): boolean {
  const compact = label
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/^\d+/, '');
  if (!/^SU[BE8]/.test(compact)) return false;
  return [7, 8, 9].some((length) => compact.length >= length && editDistance(compact.slice(0, length), 'SUBTOTAL', 2) <= 2);
}

/** Summary, header and footer lines that carry an amount or a name but are no product. */
function isNotItemLine(line: string, lastAmount: FoundAmount | undefined, notItem: RegExp): boolean {
  return (
    notItem.test(line) ||
    DATE_IN_LINE.test(line) ||
    OPENING_HOURS.test(line) ||
    isMisreadSubtotal(line.slice(0, lastAmount?.start ?? line.length))
  );
}

const UNIT_ONLY = /^\W*(PKTS?|PCS?|EA|UNITS?|BTLS?|BOX|PACK|CTN|DOZ|ROLL|TIN)\W*$/i;
const TAX_FLAG = /\s+(?:[A-Z]{1,2}|\*|SR|ZR)$/;
// The tax flag after a price, glued on and read as a digit: "4.49 T" -> "4.497", "4.29 F" -> "4.291".
const GLUED_FLAG_PRICE = /(\s)["'.]?(\d{1,4}\.\d{2})[71]$/;
// A speck read as a dot before the price column: "PENNE PASTA 16OZ .1.39F".
const SPECK_BEFORE_PRICE = /(\s)\.(?=\d{1,4}\.\d{2}\s?[A-Z]?$)/;

/** A product code: six digits or more, or digit groups joined by dots and dashes ("71.2046-0021"). */
const PRODUCT_CODE = /(?<![\w.])(?:\d{6,}\b-?|\d{1,4}(?:[.-]\d{2,}){2,}(?![\w.]))/g;

function countCharacterDifferences(a: string, b: string): number {
  if (a.length !== b.length) return Math.max(a.length, b.length);
  return [...a].filter((char, index) => char !== b[index]).length;
}

interface PendingName {
  text: string;
  /** Product-code lines seen since the name. */
  codeLines: number;
}

function cleanItemName(text: string): string {
  return (
    text
      // A GST code column before a product code ("SR 100100000060- 4 Vege"), then the code itself.
      .replace(/^\s*(?:SR|ZR|ZRL|ES|OS)\s+(?=\d{6,})/, '')
      .replace(PRODUCT_CODE, ' ')
      .replace(/(\d)\s?0Z\b/gi, '$1OZ')
      .replace(/\bD0Z\b/gi, 'DOZ')
      .replace(/(?:RM|\$)\s*$/i, '')
      .replace(/(?:\s+[^\p{L}\p{N}\s%]+)+$/u, '')
      .replace(/\s+/g, ' ')
      .trim()
      // Marks before the name go; a bracket that closes later in it stays ("(W833) CUTTING DISC").
      .replace(/^[^\p{L}\p{N}(]+/u, '')
      .replace(/^\((?![^)]*\))[^\p{L}\p{N}]*/u, '')
  );
}

/** Whether quantity times unit price is the line total, to the cent (prices are rounded per line). */
function isLineTotalOf(quantity: number, unitPrice: number, lineTotal: number): boolean {
  return Math.abs(roundMoney(quantity * unitPrice) - lineTotal) <= 0.011;
}

function toItem(name: string, price: number, quantity: number, unitPrice: number | null, quantityUnit: string | null): TReceiptItem {
  const isArithmeticConsistent = unitPrice === null || isLineTotalOf(quantity, unitPrice, price);
  const hasGoodName = name.replace(/[^\p{L}]/gu, '').length >= 3;
  const confidence =
    (isArithmeticConsistent ? 0.5 : 0.25) + (hasGoodName ? 0.3 : 0) + (unitPrice !== null && isArithmeticConsistent ? 0.1 : 0);
  return { name, quantity, quantityUnit, unitPrice, price, discount: 0, size: parseSize(name), confidence: roundMoney(confidence) };
}

function readDetail(text: string): { quantity: number; unitPrice: number; quantityUnit: string | null; end: number; start: number } | null {
  const weighed = WEIGHED.exec(text);
  if (weighed) {
    const unit = (weighed[2] ?? 'lb')
      .toLowerCase()
      .replace(/s$/, '')
      .replace(/^[1i]b$/, 'lb');
    return {
      quantity: Number((weighed[1] ?? '0').replace(',', '.')),
      unitPrice: Number((weighed[3] ?? '0').replace(',', '.').replace(/[©O]/g, '0')),
      quantityUnit: unit,
      start: weighed.index,
      end: weighed.index + weighed[0].length,
    };
  }
  const multiple = MULTIPLE.exec(text);
  if (multiple) {
    return {
      quantity: Number(multiple[1]),
      unitPrice: Number((multiple[2] ?? '0').replace(',', '.')),
      quantityUnit: null,
      start: multiple.index,
      end: multiple.index + multiple[0].length,
    };
  }
  return null;
}

/**
 * Quantity and unit price in columns before the line total ("4410 2 5.00 10.00"): taken only when they multiply to it,
 * so a product code or a stray number is never read as a quantity.
 */
function readColumnDetail(text: string, lineTotal: number): ReturnType<typeof readDetail> {
  const columns = /(?:^|\s)(\d{1,3})\s+(?:RM|\$)?\s?(\d{1,5}[.,]\d{2})\s*$/.exec(text);
  if (!columns) return null;
  const quantity = Number(columns[1]);
  const unitPrice = Number((columns[2] ?? '0').replace(',', '.'));
  if (quantity < 1 || !isLineTotalOf(quantity, unitPrice, lineTotal)) return null;
  return { quantity, unitPrice, quantityUnit: null, start: columns.index, end: text.length };
}

/**
 * The unit price first, then short columns of counts, the last of them the quantity sold ("WHITE 2.13  7 0 0  7  14.91":
 * issued, returned, damaged, sold). Taken only when a count times the unit price is the line total.
 */
function readUnitPriceFirst(text: string, lineTotal: number): ReturnType<typeof readDetail> {
  const columns = /(?:^|\s)(\d{1,4}[.,]\d{2})((?:\s+\S{1,3}){2,6})\s*$/.exec(text);
  if (!columns || lineTotal <= 0) return null;
  const unitPrice = Number((columns[1] ?? '0').replace(',', '.'));
  const counts = (columns[2] ?? '')
    .trim()
    .split(/\s+/)
    .filter((token) => /^\d{1,3}$/.test(token))
    .map(Number);
  const quantity = counts.reverse().find((count) => count > 0 && isLineTotalOf(count, unitPrice, lineTotal));
  if (quantity === undefined) return null;
  return { quantity, unitPrice, quantityUnit: null, start: columns.index, end: text.length };
}

/** Below the review screen's highlight line: a computed price is a guess the shopper should look at. */
const COMPUTED_PRICE_CONFIDENCE = 0.5;

/** Undoes two OCR slips in the right-hand price column (see GLUED_FLAG_PRICE and SPECK_BEFORE_PRICE). */
function repairPriceColumn(line: string): string {
  return line.replace(SPECK_BEFORE_PRICE, '$1').replace(GLUED_FLAG_PRICE, '$1$2');
}

/**
 * A dash printed or misread between an item's name (or weight) and its price ("PAPER TOWELS 6CT - 7.99 F")
 * reads as a minus sign once spaces are collapsed. A real negative on an item line is written against the
 * digits ("-0.75") or trails them ("0.75-"); a dash with a space before the digits, after a name, is not one.
 */
function isSpeckDash(line: string, amount: FoundAmount): boolean {
  if (DISCOUNT.test(line) || !/^-\s/.test(line.slice(amount.start, amount.end))) return false;
  const before = line.slice(0, amount.start);
  return before.replace(/[^\p{L}]/gu, '').length >= 3 || readDetail(before) !== null;
}

/** A weight line whose last amount is its own weight or unit price: the line total was not read. */
function readWeighedTotal(
  line: string,
  last: FoundAmount,
): { price: number; quantity: number; unitPrice: number; unit: string | null } | null {
  const detail = readDetail(line);
  if (!detail?.quantityUnit || last.end > detail.end || detail.quantity <= 0 || detail.unitPrice <= 0) return null;
  return {
    price: roundMoney(detail.quantity * detail.unitPrice),
    quantity: detail.quantity,
    unitPrice: detail.unitPrice,
    unit: detail.quantityUnit,
  };
}

/**
 * Reads line items between the store header and the totals block. Handles the name-then-detail layout
 * (`BANANAS` / `2.31 lb @ 0.59/lb 1.36`), quantity prefixes (`2 x OATS 4.58`, `2 @ 2.29`) and
 * discount lines, which reduce the item printed just above them.
 */
export interface FindItemsOptions {
  /**
   * Some tills print the code, quantity and prices first and the description on the line below ("3122 1 29.68 SR" /
   * "(W833) 105MM/4' CUTTING DISC"). Read that way, a price line without a name takes the name line after it. Nothing in
   * one line tells the layouts apart, so the parser tries it only when the usual reading does not add up.
   */
  isNameBelow?: boolean;
  /** The item columns' header starts with the quantity ("QTY ITEM TOTAL"): a number opening a line is its quantity. */
  isQuantityFirst?: boolean;
  /**
   * The vocabulary's lines that are no item (ReceiptPatterns.notItem): "CASH 10.00", "TVA 5,5%", "MWST 7%", "RENDU";
   * the default locale's when left out.
   */
  notItem?: RegExp;
}

/** A header whose first column is the quantity. */
export const QUANTITY_FIRST_HEADER = /^\W*(QTY|[O0g][T1]Y|QUANTITY)\b/i;
// In that column OCR reads a lone 1 as a letter or bar ("i French Fries") and a 2 as Z.
const QUANTITY_COLUMN = /^(\d{1,3}|[iIl|]|Z)\s+(?=[A-Za-z(])/;

export function findItems(lines: readonly string[], start: number, end: number, options: FindItemsOptions = {}): TReceiptItem[] {
  const items: TReceiptItem[] = [];
  const notItem = options.notItem ?? getPatterns(getVocabulary(DEFAULT_RECEIPT_LOCALE)).notItem;
  let pending: PendingName | null = null;
  // With isNameBelow: the item read from a price line that had no name, waiting for the name line under it.
  let unnamed: TReceiptItem | null = null;
  for (let index = Math.max(0, start); index < Math.min(end, lines.length); index += 1) {
    const line = repairPriceColumn(lines[index] ?? '');
    const amounts = findAmounts(line);
    let last: FoundAmount | undefined = amounts[amounts.length - 1];
    if (last?.isNegative && isSpeckDash(line, last)) last = { ...last, value: -last.value, isNegative: false };
    // The item printed just above: one still waiting for its name line below counts (isNameBelow).
    const previousItem = unnamed ?? items[items.length - 1];
    // A discount larger than what is left of the item above it is a misread, not a discount on it.
    const canDiscount = last && previousItem && Math.abs(last.value) < previousItem.price - previousItem.discount;
    // A negative DISC line ("MEMBER DISC -1.00") is a discount by its sign, just below.
    if (last && (DISCOUNT.test(line) || DISC_WORD.test(line))) {
      if (canDiscount) previousItem.discount = roundMoney(previousItem.discount + Math.abs(last.value));
      pending = null;
      continue;
    }
    if (last?.isNegative) {
      if (canDiscount) previousItem.discount = roundMoney(previousItem.discount + Math.abs(last.value));
      continue;
    }
    if (isNotItemLine(line, last, notItem)) {
      pending = null;
      unnamed = null;
      continue;
    }
    const weighedTotal = last ? readWeighedTotal(line, last) : null;
    if (weighedTotal) {
      // The weight line's own total was unreadable ("2.45 lb @ 0.89/lb 218°"): its weight and unit price give it.
      if (pending)
        items.push({
          ...toItem(pending.text, weighedTotal.price, weighedTotal.quantity, weighedTotal.unitPrice, weighedTotal.unit),
          confidence: COMPUTED_PRICE_CONFIDENCE,
        });
      pending = null;
      continue;
    }
    if (!last) {
      // A bracketed line under a name is its size or spec ("LAMINATING FILM A4 SIZE" / "(220MMx310MM)").
      const bracketed = line.replace(/^[^\p{L}\p{N}(]+/u, '').replace(/[^\p{L}\p{N})]+$/u, '');
      if (pending && /^\(.*\)$/.test(bracketed)) {
        pending.text = `${pending.text} ${bracketed}`;
        continue;
      }
      const letters = line.replace(/[^\p{L}]/gu, '').length;
      // A product code beside the name ("SR 100100000060- 4 Vege", "71.2046-0021 POMPOM (M-2314)"), and a model number
      // in brackets, are not what the line is made of.
      const withoutCode = line.replace(PRODUCT_CODE, ' ').replace(/\([A-Z0-9./-]*\d[A-Z0-9./-]*\)/gi, ' ');
      const isName =
        letters >= 3 &&
        withoutCode.replace(/[^\p{L}]/gu, '').length >= 3 &&
        letters / Math.max(1, withoutCode.replace(/\s/g, '').length) > 0.5;
      // A product code line between the name and its price line ("TRAY W/HANDLE" / "TU21 - 6/72" / "955... 1X 5.90 5.90")
      // keeps the name pending; a second such line ends it.
      const isCode = !isName && letters <= 3 && /\d/.test(line);
      if (isName && unnamed) {
        items.push({ ...unnamed, name: cleanItemName(line) });
        unnamed = null;
        continue;
      }
      if (isName) pending = { text: cleanItemName(line), codeLines: 0 };
      else if (isCode && pending !== null && pending.codeLines === 0) pending.codeLines = 1;
      else pending = null;
      continue;
    }
    const beforePrice = line.slice(0, last.start).replace(TAX_FLAG, '');
    const detail = readDetail(beforePrice) ?? readColumnDetail(beforePrice, last.value) ?? readUnitPriceFirst(beforePrice, last.value);
    let name = cleanItemName(detail ? beforePrice.slice(0, detail.start) + ' ' + beforePrice.slice(detail.end) : beforePrice);
    // Drop columns of other numbers (unit price, discount) that precede the line total.
    name = cleanItemName(name.replace(/(?:RM|\$)?\s?\d+[.,]\d{2}\b/g, ' '));
    const leading = LEADING_QTY.exec(name);
    let quantity = detail?.quantity ?? 1;
    if (leading && !detail) {
      quantity = Number(leading[1]);
      name = name.slice(leading[0].length);
    }
    const quantityColumn = options.isQuantityFirst && !detail && !leading ? QUANTITY_COLUMN.exec(name) : null;
    const columnQuantity = quantityColumn ? Number(fixDigits(quantityColumn[1] ?? '')) : 0;
    if (quantityColumn && columnQuantity > 0) {
      quantity = columnQuantity;
      name = name.slice(quantityColumn[0].length);
    }
    const qtyLabel = QTY_LABEL.exec(name);
    if (qtyLabel && !detail) {
      quantity = Number(qtyLabel[1]);
      name = cleanItemName(name.replace(qtyLabel[0], ' '));
    }
    // A unit of sale alone ("0020323 PKT 1x1.00 1.00") is not a name: the product is on a line of its own.
    const hasOwnName = name.replace(/[^\p{L}]/gu, '').length >= 3 && !UNIT_ONLY.test(name);
    unnamed = null;
    if (options.isNameBelow && !hasOwnName && !pending && last.value > 0) {
      unnamed = toItem('', last.value, detail?.quantity ?? 1, detail?.unitPrice ?? null, detail?.quantityUnit ?? null);
      continue;
    }
    if (!hasOwnName && pending) name = pending.text;
    else if (hasOwnName && pending && detail && name.replace(/[^\p{L}]/gu, '').length < 3) name = pending.text;
    pending = null;
    if (name.replace(/[^\p{L}]/gu, '').length < 2 || last.value <= 0) continue;
    const unitPrice = detail?.unitPrice ?? (quantity > 1 ? roundMoney(last.value / quantity) : null);
    // A misread weight (9.36 for 0.36 lb) is recovered from the price, which OCR reads more reliably.
    let itemUnitPrice = unitPrice;
    if (detail?.quantityUnit && unitPrice && quantity > 0 && !isLineTotalOf(quantity, unitPrice, last.value)) {
      // Whichever of weight or unit price needs only a one-character fix to agree with the price was misread.
      const impliedUnitPrice = roundMoney(last.value / quantity);
      if (countCharacterDifferences(impliedUnitPrice.toFixed(2), unitPrice.toFixed(2)) <= 1) itemUnitPrice = impliedUnitPrice;
      else quantity = Math.round((last.value / unitPrice) * 100) / 100;
    }
    items.push(toItem(name, last.value, quantity, itemUnitPrice, detail?.quantityUnit ?? null));
  }
  return items;
}
