import { findAmounts, roundMoney, type FoundAmount } from './amounts';
import type { RateSupplySums } from './rate-supplies';
import { OPENS_WITH_TOTAL, TOTAL_STEM } from './vocabulary/english';

/**
 * Receipts state what was paid several times: the total line, cash tendered minus change, subtotal plus tax,
 * the GST summary (taxable amount plus tax), the amount charged to a card. OCR misreads single digits of any
 * of them (`TOTAL 11.00` for 71.00), so the printed total is checked against these independent sums.
 */
export type EvidenceSource = 'paid' | 'cash' | 'card' | 'subtotal' | 'subtotalTax' | 'summary' | 'items' | 'rates' | 'ratesTax';

export interface TotalEvidence {
  source: EvidenceSource;
  value: number;
}

export interface EvidenceInput {
  /** The amount a line states (its own last amount, or the next line's when that holds only an amount). */
  readLineAmount: (index: number) => FoundAmount | undefined;
  /** The change line's word, with its misreadings: a sum from a misread line still has to agree with a total. */
  change: RegExp;
  subtotal: number | null;
  tax: number | null;
  /** A service charge read between the subtotal and the tax, or null. */
  serviceCharge: number | null;
  /** The GST/tax summary's rows (readSummaryRows). */
  summary: SummaryRows;
  /** The per-rate supply lines' sums (sumRateSupplies). */
  rates: RateSupplySums;
}

export interface SummaryRows {
  /** Each rate row as [taxable amount, tax]. */
  rows: number[][];
  /** The summary's total row, when it prints one. */
  totalRow: number[] | null;
}

/** Amount handed over; "Accepted" on parking machines, often read "ficcepted". */
const TENDERED = /\b(CASH|TENDER(ED)?|RECEIVED|PAID|PAYMENT)\b|CCEPTED/i;
const NOT_TENDERED = /\b(CASHIER|CASH\s?BILL|CASH\s?INV|CASH\s?SALES?|PAY\s?BY|PAYMENT\s?(MODE|TYPE)|GST|EXCL)\b/i;
/** A word of the totals block: the line above the change that holds one states no tendered amount. */
const TOTALS_BLOCK_WORD = new RegExp(`${TOTAL_STEM}|SUB|GST|TAX|ROUND|DISC`, 'i');
const CARD = /\b(VISA|MASTER(CARD)?|AMEX|DEBIT|CREDIT|CARD|CC)\b/i;

/** Malaysian tills round cash totals to the nearest 5 sen. */
export function roundToFiveSen(value: number): number {
  return roundMoney(Math.round(value * 20) / 20);
}

/** Adds a sum as evidence, and its 5-sen rounding too: the receipt may print either as the total. */
export function addWithRounding(evidence: TotalEvidence[], source: EvidenceSource, value: number): void {
  if (!(value > 0)) return;
  evidence.push({ source, value: roundMoney(value) });
  const rounded = roundToFiveSen(value);
  if (rounded !== roundMoney(value)) evidence.push({ source, value: rounded });
}

/** Cash tendered minus change; the tendered amount is the nearest payment line above the change line. */
function collectPaid(lines: readonly string[], input: EvidenceInput, evidence: TotalEvidence[]): void {
  const changeIndex = lines.findIndex((line) => input.change.test(line) && !/EXCHANGE/i.test(line));
  const isTendered = (line: string) => TENDERED.test(line) && !NOT_TENDERED.test(line) && !input.change.test(line);
  // An unreadable change amount leaves the tendered amounts as the only statement of what was paid.
  if (changeIndex < 0 || !input.readLineAmount(changeIndex)) {
    for (const [index, line] of lines.entries()) {
      const amount = isTendered(line) ? input.readLineAmount(index) : undefined;
      // A minus read before a tendered amount is a speck: nobody pays a negative sum.
      if (amount && amount.value !== 0) evidence.push({ source: 'cash', value: Math.abs(amount.value) });
    }
    return;
  }
  const change = input.readLineAmount(changeIndex);
  if (!change) return;
  for (let index = changeIndex - 1; index >= Math.max(0, changeIndex - 4); index -= 1) {
    const line = lines[index] ?? '';
    if (!isTendered(line)) continue;
    const tendered = input.readLineAmount(index);
    if (!tendered) continue;
    const paid = roundMoney(Math.abs(tendered.value) - Math.abs(change.value));
    if (paid > 0) evidence.push({ source: 'paid', value: paid });
    return;
  }
  // No readable tender word ("Fay 20.00" for "Pay"): the amount printed just above the change was handed over.
  const above = lines[changeIndex - 1] ?? '';
  const tendered =
    /[A-Za-z]{2}/.test(above) && !NOT_TENDERED.test(above) && !TOTALS_BLOCK_WORD.test(above)
      ? input.readLineAmount(changeIndex - 1)
      : undefined;
  const paid = tendered ? roundMoney(Math.abs(tendered.value) - Math.abs(change.value)) : 0;
  if (paid > 0) evidence.push({ source: 'paid', value: paid });
}

/** The GST summary's rows as [taxable amount, tax], and its total row when it prints one. */
export function readSummaryRows(lines: readonly string[], summaryStart: number): SummaryRows {
  const rows: number[][] = [];
  if (!Number.isFinite(summaryStart)) return { rows, totalRow: null };
  for (let index = summaryStart + 1; index < Math.min(lines.length, summaryStart + 6); index += 1) {
    const line = lines[index] ?? '';
    const amounts = findAmounts(line).map((amount) => amount.value);
    if (amounts.length < 2) {
      // Summary columns that lost their decimal points ("SR 6%  2736  164  2900") still sum: taxable + tax = total.
      const undotted = readUndottedSummaryRow(line);
      if (undotted) rows.push(undotted);
      continue;
    }
    // Columns are taxable amount and tax, sometimes followed by their sum: take the first two of a summing row.
    const [a = 0, b = 0, c] = amounts.slice(-3);
    const pair = amounts.length >= 3 && c !== undefined && Math.abs(a + b - c) < 0.015 ? [a, b] : amounts.slice(-2);
    if (OPENS_WITH_TOTAL.test(line)) return { rows, totalRow: pair };
    rows.push(pair);
  }
  return { rows, totalRow: null };
}

/** The GST summary's total row (taxable amount, tax), or the sum of its rate rows when it has none. */
function collectSummary(input: EvidenceInput, evidence: TotalEvidence[]): void {
  const { rows, totalRow } = input.summary;
  if (totalRow) addWithRounding(evidence, 'summary', (totalRow[0] ?? 0) + (totalRow[1] ?? 0));
  else if (rows.length > 0)
    addWithRounding(
      evidence,
      'summary',
      rows.reduce((sum, [a = 0, b = 0]) => sum + a + b, 0),
    );
}

function readUndottedSummaryRow(line: string): number[] | undefined {
  if (/\d[.,]\d/.test(line)) return undefined;
  const numbers = [...line.matchAll(/(?<![\d%])\d{3,6}(?![\d%])/g)].map((match) => Number(match[0]));
  const [a, b, c] = numbers.slice(-3);
  if (numbers.length < 3 || a === undefined || b === undefined || c === undefined || a + b !== c || b >= a) return undefined;
  return [a / 100, b / 100];
}

export function collectTotalEvidence(lines: readonly string[], input: EvidenceInput): TotalEvidence[] {
  const evidence: TotalEvidence[] = [];
  collectPaid(lines, input, evidence);
  collectSummary(input, evidence);
  const { rates } = input;
  for (const value of rates.withPrintedTax) addWithRounding(evidence, 'rates', value);
  for (const value of rates.withComputedTax) addWithRounding(evidence, rates.isZeroConfirmed ? 'ratesTax' : 'rates', value);
  if (input.subtotal !== null) {
    // The subtotal is printed either before tax or already inclusive of it.
    addWithRounding(evidence, 'subtotal', input.subtotal);
    if (input.tax !== null && input.tax > 0) addWithRounding(evidence, 'subtotalTax', input.subtotal + input.tax);
    // A service charge is added to the subtotal before tax (and taxed with it).
    if (input.serviceCharge !== null && input.serviceCharge > 0)
      addWithRounding(evidence, 'subtotalTax', input.subtotal + input.serviceCharge + (input.tax ?? 0));
  }
  for (const [index, line] of lines.entries()) {
    if (!CARD.test(line) || input.change.test(line) || /\bGST\b/i.test(line)) continue;
    const amount = input.readLineAmount(index);
    if (amount && amount.value > 0) evidence.push({ source: 'card', value: amount.value });
  }
  return evidence;
}

/** What was actually paid outweighs sums recomputed from the subtotal or the GST summary. */
const SOURCE_WEIGHTS: Record<EvidenceSource, number> = {
  paid: 1.5,
  card: 1.5,
  cash: 1,
  subtotal: 1,
  subtotalTax: 1,
  summary: 1,
  items: 1,
  rates: 1,
  ratesTax: 1,
};

const FALLBACK_ORDER: readonly EvidenceSource[] = ['paid', 'card', 'cash'];

/** The subtotal is the items' sum, so the two agreeing is one piece of evidence, not two (unlike subtotal + tax). */
function findSources(evidence: readonly TotalEvidence[], value: number): Set<EvidenceSource> {
  const matching = evidence.filter((item) => Math.abs(item.value - value) < 0.005).map((item) => item.source);
  return new Set(matching.map((source) => (source === 'items' && matching.includes('subtotal') ? 'subtotal' : source)));
}

function weighVotes(sources: Set<EvidenceSource>): number {
  return [...sources].reduce((sum, source) => sum + SOURCE_WEIGHTS[source], 0);
}

/**
 * Keeps the printed total when any independent sum agrees with it; otherwise prefers another printed total
 * that one agrees with, then an amount on which two independent sums agree (the printed one was misread).
 */
export function reconcileTotal(best: number | null, printed: readonly number[], evidence: readonly TotalEvidence[]): number | null {
  if (best !== null && findSources(evidence, best).size > 0) return best;
  let choice: number | null = null;
  let choiceWeight = 0;
  for (const value of printed) {
    // The items' sum alone is too often a part of the bill (one tax rate's items) to pick a printed total.
    const sources = findSources(evidence, value);
    sources.delete('items');
    const weight = value > 0 ? weighVotes(sources) : 0;
    if (weight > choiceWeight) {
      choice = value;
      choiceWeight = weight;
    }
  }
  if (choice !== null) return choice;
  let isTie = false;
  for (const { value } of evidence) {
    const sources = findSources(evidence, value);
    const weight = sources.size >= 2 ? weighVotes(sources) : 0;
    if (weight > choiceWeight) {
      choice = value;
      choiceWeight = weight;
      isTie = false;
    } else if (weight > 0 && weight === choiceWeight && value !== choice) {
      // A sum and its 5-sen rounding are one answer; keep the exact sum, rounding is decided afterwards.
      const isSameRounded = choice !== null && roundToFiveSen(value) === roundToFiveSen(choice);
      if (!isSameRounded) isTie = true;
      else if (value !== roundToFiveSen(value)) choice = value;
    }
  }
  if (choice !== null && !isTie) return choice;
  // Large bold totals lose a leading digit ("Grand Total 9.00" for 39.00); what was paid keeps it.
  const paid = evidence.find((item) => item.source === 'paid' || item.source === 'card' || item.source === 'cash');
  if (best !== null && paid && isDroppedDigit(best, paid.value)) return paid.value;
  if (best !== null) return best;
  // No total line was read: what was paid is the next best statement of it.
  for (const source of FALLBACK_ORDER) {
    const found = evidence.find((item) => item.source === source);
    if (found) return found.value;
  }
  return null;
}

/** True when `short` reads like `long` with one digit lost (9.30 / 29.30). */
export function isDroppedDigit(short: number, long: number): boolean {
  const shortText = short.toFixed(2);
  const longText = long.toFixed(2);
  if (longText.length !== shortText.length + 1) return false;
  return [...longText].some((char, index) => /\d/.test(char) && longText.slice(0, index) + longText.slice(index + 1) === shortText);
}
