import { formatMoney } from '@cartwise/contracts';

export interface MoneyProps {
  /** Decimal amount, e.g. 12.5 (use `cents` for integer cents). */
  amount?: number;
  cents?: number;
  currencySymbol?: string;
  isStruck?: boolean;
}

/** Shows a price with 2 decimals (spec section 9). */
export function Money({ amount, cents, currencySymbol = '$', isStruck = false }: MoneyProps) {
  const value = cents !== undefined ? cents / 100 : (amount ?? 0);
  const text = formatMoney(value, currencySymbol);
  return isStruck ? <s className="money money-struck">{text}</s> : <span className="money">{text}</span>;
}
