import { findAmounts, roundMoney, type FoundAmount } from './amounts';
import { sumRateSupplies, type RateSupplySums } from './rate-supplies';
import {
  collectTotalEvidence,
  readSummaryRows,
  reconcileTotal,
  roundToFiveSen,
  type SummaryRows,
  type TotalEvidence,
} from './total-evidence';
import type { Field } from '@cartwise/contracts/contracts/parsed-receipt';
import { DEFAULT_RECEIPT_LOCALE } from './locale';
import { getVocabulary, type ReceiptVocabulary } from './vocabulary/index';
import { CHANGE_WORD, ITEM_HEADER, OPENS_WITH_TOTAL, TOTAL_SPELLED, TOTAL_WORD } from './vocabulary/english';
import { getPatterns, type ReceiptPatterns } from './vocabulary/patterns';

/** The till's GST number ("NO GST: 0010 9273 4976"), or a column header of bracketed words ("(GST) (GST)"). */
const TAX_REGISTRATION = /\b(NO|REG|ID)\.?\s?:?\s?(GST|TAX)\b|\d{4}\s?\d{4}\s?\d{4}|^(\s*\([A-Z ]+\))+\s*$/i;
/** Restaurants add a service charge between the subtotal and the tax ("SERVICE CHARGE 10% 29.50", "Svr Tax 2.87"). */
const SERVICE_CHARGE = /\b(SERVICE|SVC|SERV|SVR)\.?\s?(CHARGE|CHG|TAX)\b/i;
/** Tax summaries repeat amounts under a "Total" column; their totals are not what was paid. */
const SUMMARY_HEADER = /(GST|6ST|TAX|SST)\s?SU[A-Z]{2,5}RY|TAX\s?CODE|TAXCODE|SUMMARY\s?(OF\s?)?(GST|TAX)/i;
/** Misread headers ("@ST SUMMARY", "GET Sumnary", "ax Stimmay Amount"), taken only on lines without amounts. */
const MISREAD_SUMMARY_HEADER =
  /(^|\s)\S{2,3}\s?SUMMARY\b|\b(G[S5E][T7]|[6B]ST|SST|TAX)\s?S[A-Z]{4,7}\b|\bS[UTIEA][A-Z]*[MN][A-Z]*\s+A[A-Z]{3,6}\b.*\bT?AX\b/i;

export interface TotalsInfo {
  subtotal: Field<number>;
  tax: Field<number>;
  total: Field<number>;
  payment: Field<{ method: string; amount: number | null }>;
  /** Line index where the totals block begins; items end above it. */
  totalsStart: number;
  /** Independent sums read beside the printed total (cash minus change, subtotal + tax, ...), incl. the extra ones. */
  evidence: TotalEvidence[];
}

const ROUNDING = /\bROUNDING\b|\bROUND\s?(ADJ|OFF)/i;
/** "TOTAL GST" on a tax line: left out when the line is checked for naming the total too. */
const TOTAL_OF_TAX = new RegExp(`${TOTAL_WORD}\\s?(GST|TAX|VAT)`, 'i');
/** The tax's total spelled out ("TOTAL GST 5.40"): the tax, when no line of its own states it. */
const TOTAL_TAX_LINE = new RegExp(String.raw`\b${TOTAL_SPELLED}\s?(GST|TAX|VAT)`, 'i');

const AMOUNT_LABEL = new RegExp(`${TOTAL_WORD}|GST|TAX|CASH|${CHANGE_WORD}|ROUND|PAID|AMT|AMOUNT|TENDER|RECEIVED|PAYABLE`, 'i');

/** On total lines OCR sometimes drops the decimal point: "Subtotal 6 00". */
function repairSpacedDecimal(line: string, total: RegExp): string {
  return total.test(line) ? line.replace(/(\s\d{1,4}) (\d{2})\s*$/, '$1.$2') : line;
}

/**
 * A speck after the cents of the cash handed over reads as a third decimal ("RM CASH   \"100.006"); money has two, and
 * the amount then counts for nothing, losing cash minus change.
 */
function dropDigitAfterCents(line: string): string {
  return /\b(CASH|TENDER(ED)?|PAID|RECEIVED)\b/i.test(line) ? line.replace(/(?<=[\s"'(:]\d{1,5}[.,]\d{2})\d\W{0,2}$/, '') : line;
}

/**
 * A labelled money line ending in a bare number lost its decimal point ("Total GST 571", "CASH : 212") or its
 * last decimal ("RM 20.8", which tills print as 20.80).
 */
function readUndottedAmount(line: string): (FoundAmount & { isUndotted: true }) | undefined {
  if (!AMOUNT_LABEL.test(line)) return undefined;
  const found = (value: number, start: number, text: string) => ({
    value,
    start,
    end: start + text.length,
    isNegative: false,
    isUndotted: true as const,
  });
  const bare = /(?<![\d.,:/A-Za-z-])(\d{3,5})\s*[|)\]]?\s*$/.exec(line);
  if (bare?.[1]) return found(Number(bare[1]) / 100, bare.index, bare[1]);
  const oneDecimal = /(?<![\d.,:/A-Za-z-])(\d{1,4}\.\d)\s*[|)\]]?\s*$/.exec(line);
  return oneDecimal?.[1] ? found(Number(oneDecimal[1]), oneDecimal.index, oneDecimal[1]) : undefined;
}

/** The amount a line states: its last amount, or the next line's if that line is only an amount. */
function findLineAmount(lines: readonly string[], index: number, patterns: ReceiptPatterns): FoundAmount | undefined {
  const own = findAmounts(dropDigitAfterCents(repairSpacedDecimal(lines[index] ?? '', patterns.total)));
  const last = own[own.length - 1] ?? readUndottedAmount(lines[index] ?? '');
  if (last) return last;
  const next = lines[index + 1] ?? '';
  const nextAmounts = findAmounts(next);
  const isOnlyAmount = !/[A-Za-z]{2,}/.test(next);
  return isOnlyAmount ? nextAmounts[nextAmounts.length - 1] : undefined;
}

interface TotalCandidate {
  value: number;
  score: number;
  index: number;
}

/** `extraEvidence`: sums read elsewhere, such as the line items, that can confirm or repair the total. */
/**
 * Two summary columns printed side by side ("TOTAL SAVING: 0.00   TOTAL 6.85"): the payable total is the second, and the
 * first one's label must not disqualify it.
 */
const STARTS_WITH_TOTAL = new RegExp(`^\\W*${TOTAL_WORD}\\W`, 'i');

function keepSecondColumnTotal(line: string, notTotal: RegExp): string {
  const amounts = findAmounts(line);
  const first = amounts[amounts.length - 2];
  if (!first || amounts.length < 2 || !notTotal.test(line.slice(0, first.end))) return line;
  const rest = line.slice(first.end);
  return STARTS_WITH_TOTAL.test(rest) && !notTotal.test(rest) ? rest.trim() : line;
}

export function findTotals(
  pageLines: readonly string[],
  extraEvidence: readonly TotalEvidence[] = [],
  vocabulary: ReceiptVocabulary = getVocabulary(DEFAULT_RECEIPT_LOCALE),
): TotalsInfo {
  const patterns = getPatterns(vocabulary);
  const lines = pageLines.map((line) => keepSecondColumnTotal(line, patterns.notTotal));
  const candidates: TotalCandidate[] = [];
  let subtotal: Field<number> = { value: null, confidence: 0 };
  let tax: Field<number> = { value: null, confidence: 0 };
  let payment: TotalsInfo['payment'] = { value: null, confidence: 0 };
  let cashPaid: number | null = null;
  let cardPaid: number | null = null;
  let change: number | null = null;
  const amountCounts = new Map<number, number>();
  let summaryStart = Infinity;
  let roundingIndex = -1;
  let rounding = 0;
  let unreadRoundingIndex = -1;
  let paymentIndex = Infinity;
  let serviceCharge: number | null = null;
  const misreadFives: number[] = [];

  lines.forEach((line, index) => {
    const upper = line.toUpperCase();
    // An item table header can carry a tax-code column too ("DESC QTY PRICE AMOUNT TAXCODE").
    const isSummaryHeader = SUMMARY_HEADER.test(upper) || (MISREAD_SUMMARY_HEADER.test(upper) && findAmounts(line).length === 0);
    // A header that says SUMMARY is one even when its columns name the items ("GSTSummary Item Amount").
    if (isSummaryHeader && (!ITEM_HEADER.test(upper) || /SUMMARY/.test(upper))) summaryStart = Math.min(summaryStart, index);
    const amount = findLineAmount(lines, index, patterns);
    for (const found of findAmounts(line)) amountCounts.set(found.value, (amountCounts.get(found.value) ?? 0) + 1);
    if (!amount) {
      if (ROUNDING.test(upper) && !patterns.total.test(upper) && unreadRoundingIndex < 0) unreadRoundingIndex = index;
      return;
    }
    const value = Math.abs(amount.value);
    if (patterns.subtotal.test(upper) && subtotal.value === null) subtotal = { value, confidence: 0.8 };
    else if (SERVICE_CHARGE.test(upper)) serviceCharge ??= 'isUndotted' in amount ? null : value;
    else if (
      patterns.tax.test(upper) &&
      !TAX_REGISTRATION.test(upper) &&
      !patterns.total.test(upper.replace(TOTAL_OF_TAX, '')) &&
      tax.value === null
    ) {
      if (!/%\s*$/.test(upper.slice(0, amount.start).trim()) || value > 0) tax = { value, confidence: 0.7 };
    } else if (TOTAL_TAX_LINE.test(upper) && tax.value === null) {
      tax = { value, confidence: 0.75 };
    }
    if (ROUNDING.test(upper) && !patterns.total.test(upper) && roundingIndex < 0) {
      roundingIndex = index;
      rounding = amount.value;
    }
    if (patterns.change.test(upper) || patterns.payment.test(upper)) paymentIndex = Math.min(paymentIndex, index);
    if (patterns.change.test(upper)) change = value;
    else if (patterns.payment.test(upper) && !patterns.total.test(upper)) {
      if (/\bCASH\b/i.test(upper)) cashPaid = value;
      else if (cardPaid === null) cardPaid = value;
      if (payment.value === null) {
        const method = (patterns.payment.exec(upper)?.[1] ?? 'OTHER').replace(/\s+/g, ' ');
        payment = { value: { method, amount: value }, confidence: 0.7 };
      }
    }
    if (!patterns.total.test(upper) || patterns.notTotal.test(upper)) return;
    let score = patterns.finalTotal.test(upper) ? 3 : 2;
    if (OPENS_WITH_TOTAL.test(upper)) score += 0.5;
    // A guessed decimal point is weaker than a printed one; it wins only when nothing else was read.
    if ('isUndotted' in amount) score -= 3;
    if (index > summaryStart) score -= 2;
    // After a rounding adjustment comes the rounded amount actually paid.
    if (roundingIndex >= 0 && index > roundingIndex) score += 1.2;
    candidates.push({ value, score, index });
    // A 5 printed against the amount reads as a dollar sign on receipts in other currencies ("Total Payable: $3.14"
    // for 53.14); that reading is offered to the sums below, never taken on its own.
    const dollar = /\$(\d{1,4})[.,](\d{2})\s*$/.exec(line);
    if (dollar && Number(`${dollar[1]}.${dollar[2]}`) === value) misreadFives.push(Number(`5${dollar[1]}.${dollar[2]}`));
  });

  const largest = Math.max(0, ...candidates.map((candidate) => candidate.value));
  const paid = cashPaid !== null && change !== null ? Math.round(((cashPaid as number) - (change as number)) * 100) / 100 : null;
  for (const candidate of candidates) {
    if (paid !== null && Math.abs(candidate.value - paid) < 0.005) candidate.score += 1;
    if ((amountCounts.get(candidate.value) ?? 0) >= 2) candidate.score += 0.5;
    if (candidate.value === 0) candidate.score -= 10;
    // A total far below another total-line amount is a tax or rounding column.
    if (candidate.value < largest * 0.2) candidate.score -= 1.5;
    // The payable total is printed below the subtotal and tax it sums up.
    candidate.score += candidate.index / Math.max(1, lines.length) / 2;
  }
  candidates.sort((a, b) => b.score - a.score || b.value - a.value);
  const top = candidates[0] && candidates[0].value > 0 ? candidates[0] : undefined;
  // A "Total" found only inside the tax summary is weaker evidence than cash minus change or the subtotal.
  let best = top && top.index > summaryStart && ((paid !== null && paid > 0) || subtotal.value !== null) ? undefined : top;
  if (best && rounding !== 0 && roundingIndex > best.index && roundingIndex < paymentIndex) {
    // Only the unrounded total was read: apply the adjustment when the cash paid confirms it.
    const rounded = Math.round((best.value + rounding) * 100) / 100;
    if ((cashPaid !== null && Math.abs(cashPaid - rounded) < 0.005) || (paid !== null && Math.abs(paid - rounded) < 0.005)) {
      best = { ...best, value: rounded, score: best.score + 1 };
    }
  }
  if (best) {
    // A rounded total printed after the total ("Rounding RM 42.35") or charged to a card: the amount paid.
    const rounded = findRoundedTotal(lines, best.index, best.value, cardPaid, patterns);
    if (rounded !== null) best = { ...best, value: rounded };
  }
  const readLineAmount = (index: number) => findLineAmount(lines, index, patterns);
  const summary = readSummaryRows(lines, summaryStart);
  const rates = sumRateSupplies(lines, readLineAmount);
  const evidence = [
    ...collectTotalEvidence(lines, {
      readLineAmount,
      change: patterns.changeMisread,
      subtotal: subtotal.value as number | null,
      serviceCharge,
      tax: tax.value as number | null,
      summary,
      rates,
    }),
    ...extraEvidence,
  ];
  // Only now: a tax read from the summary or the per-rate lines shares their readings, so it is no independent sum.
  // The tax as a line of its own states it was added to the subtotal; the summary's states nothing of the kind.
  const addedTax = tax.value;
  if (tax.value === null) tax = readTaxElsewhere(summary, rates);
  const printed = [
    ...candidates.filter((candidate) => candidate.index < summaryStart).map((candidate) => candidate.value),
    ...misreadFives,
  ];
  const reconciled = reconcileTotal(best ? best.value : null, printed, evidence);
  // Independent sums that agree are as good as a clearly printed total.
  if (reconciled !== null && reconciled !== best?.value) best = { value: reconciled, score: 3, index: best?.index ?? lines.length };
  // A non-zero rounding adjustment printed before payment means the amount due is the 5-sen rounded one
  // (printed below it, or misread). Tills that round only at payment print the adjustment after the cash.
  // An adjustment whose amount was not read is taken as non-zero: tills print the line only when they round.
  const isRounded =
    (rounding !== 0 && roundingIndex < paymentIndex) ||
    (roundingIndex < 0 && unreadRoundingIndex >= 0 && unreadRoundingIndex < paymentIndex);
  if (best && isRounded) best = { ...best, value: roundToFiveSen(best.value) };
  let total: Field<number> = { value: null, confidence: 0 };
  if (best) {
    const isConfirmed =
      candidates.filter((candidate) => candidate.value === best.value).length > 1 || (paid !== null && Math.abs(best.value - paid) < 0.005);
    total = { value: best.value, confidence: isConfirmed ? 0.9 : Math.min(0.8, 0.4 + best.score * 0.1) };
  } else if (paid !== null && paid > 0) {
    total = { value: paid, confidence: 0.4 };
  } else if (subtotal.value !== null) {
    const subtotalValue = subtotal.value;
    const sum = Math.round((subtotalValue + (serviceCharge ?? 0) + (addedTax ?? 0)) * 100) / 100;
    total = { value: isRounded ? roundToFiveSen(sum) : sum, confidence: 0.3 };
  }
  const totalsStart = findTotalsStart(
    lines,
    candidates.map((candidate) => candidate.index),
    patterns.subtotal,
  );
  return { subtotal, tax, total, payment, totalsStart, evidence };
}

/**
 * A tax line the recogniser garbled ("TOTALTAR © of |, 1d fn 102") is often stated again: in the GST summary's tax
 * column, or, on invoices that list the bill per tax rate, as the taxed part with and without it.
 */
function readTaxElsewhere({ rows, totalRow }: SummaryRows, rates: RateSupplySums): Field<number> {
  if (rates.tax !== null && rates.tax >= 0) return { value: rates.tax, confidence: 0.6 };
  const summaryTax = totalRow ? (totalRow[1] ?? 0) : rows.reduce((sum, [, rowTax = 0]) => sum + rowTax, 0);
  return rows.length > 0 || totalRow ? { value: roundMoney(summaryTax), confidence: 0.6 } : { value: null, confidence: 0 };
}

/** Rounding to 5 sen moves a total by at most 0.02; a later amount that close is the rounded total. */
function findRoundedTotal(
  lines: readonly string[],
  bestIndex: number,
  total: number,
  cardPaid: number | null,
  patterns: ReceiptPatterns,
): number | null {
  const isRoundedFrom = (value: number) => value !== total && Math.abs(value - total) < 0.025 && Math.round(value * 100) % 5 === 0;
  for (let index = bestIndex + 1; index < Math.min(lines.length, bestIndex + 4); index += 1) {
    const line = lines[index] ?? '';
    if (!/^\W*ROUNDING\b/i.test(line) || /ADJ/i.test(line)) continue;
    const amount = findLineAmount(lines, index, patterns);
    if (amount && isRoundedFrom(amount.value)) return amount.value;
  }
  return cardPaid !== null && isRoundedFrom(cardPaid) ? cardPaid : null;
}

function findTotalsStart(lines: readonly string[], totalIndexes: number[], subtotalLabel: RegExp): number {
  const subtotalIndex = lines.findIndex((line) => subtotalLabel.test(line));
  const firstTotal = totalIndexes.length > 0 ? Math.min(...totalIndexes) : lines.length;
  return subtotalIndex >= 0 ? Math.min(subtotalIndex, firstTotal) : firstTotal;
}
