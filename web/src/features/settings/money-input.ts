import { toCents } from '@cartwise/contracts';
import { parseDecimalInput } from '@cartwise/contracts/domain/format';

/** Parses a typed money amount ("3", "3.5", "3,50") to cents, or null when it is not a valid amount. */
export function parseMoneyInput(text: string): number | null {
  const amount = parseDecimalInput(text);
  return amount === null ? null : toCents(amount);
}
