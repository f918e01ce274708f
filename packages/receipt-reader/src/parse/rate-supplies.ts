import { roundMoney, type FoundAmount } from './amounts';

/**
 * Malaysian GST invoices can list the bill per tax rate instead of (or beside) a summary table:
 * "Total 0% supplies: 7.61", "Total 6% supplies (excl. GST): 24.00", "Total 6% supplies (Inc. GST): 25.44".
 * The zero-rated part plus the taxed part is the whole bill, and the taxed part is stated twice (with and
 * without tax), which gives two sums that do not share the taxed line's reading.
 */
const SUPPLIES = /\bT\S{2,5}\W*\s?([^\s%]{1,2})\s?%?\s?SUPPL/i;
/** "0%" read as "O%", "@%" or "&". */
const ZERO_RATE = /^[0O@Q&]$/i;

export interface RateSupplySums {
  /** Zero-rated plus the taxed supplies as printed with tax. */
  withPrintedTax: number[];
  /** Zero-rated plus the taxed supplies before tax, with the rate's tax added. */
  withComputedTax: number[];
  /**
   * Both copies of the zero-rated total read alike. Otherwise the two sums share one reading of it and are one piece of
   * evidence, not two: "Total 0% supplies: 3.44" for 23.44 gives both sums the same wrong total.
   */
  isZeroConfirmed: boolean;
  /** The tax on the taxed supplies: printed with tax less printed without, else computed at the rate; null if unread. */
  tax: number | null;
}

export function sumRateSupplies(lines: readonly string[], readLineAmount: (index: number) => FoundAmount | undefined): RateSupplySums {
  // The zero-rated total is printed twice (before and after the taxed block); copies may disagree.
  const zeros = new Map<number, number>();
  let inclusive: number | null = null;
  let exclusive: { value: number; rate: number } | null = null;
  for (const [index, line] of lines.entries()) {
    const match = SUPPLIES.exec(line);
    const amount = match ? readLineAmount(index) : undefined;
    // A guessed decimal point ("23.4") is too weak to build a sum on.
    if (!match || !amount || 'isUndotted' in amount) continue;
    const rate = match[1] ?? '';
    // Goods returned make the zero-rated part negative ("Total 0% supplies: -7.43"); a negative taxed part is not read.
    if (ZERO_RATE.test(rate)) zeros.set(amount.value, (zeros.get(amount.value) ?? 0) + 1);
    else if (amount.isNegative) continue;
    else if (/\bINC/i.test(line)) inclusive ??= amount.value;
    else if (/\bEXC/i.test(line) && /^\d{1,2}$/.test(rate)) exclusive ??= { value: amount.value, rate: Number(rate) };
  }
  const withTax = exclusive && roundMoney(exclusive.value * (1 + exclusive.rate / 100));
  return {
    withPrintedTax: inclusive === null ? [] : [...zeros.keys()].map((zero) => roundMoney(zero + inclusive)),
    withComputedTax: withTax === null ? [] : [...zeros.keys()].map((zero) => roundMoney(zero + withTax)),
    isZeroConfirmed: [...zeros.values()].some((count) => count >= 2),
    tax: exclusive === null || withTax === null ? null : roundMoney((inclusive ?? withTax) - exclusive.value),
  };
}
