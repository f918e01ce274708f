import { formatMoney } from '../lib/format';
import { useFormat } from '../lib/use-format';

export interface MoneyProps {
  /** Decimal amount, e.g. 12.5 (use `cents` for integer cents). */
  amount?: number;
  cents?: number;
  isStruck?: boolean;
  /** A fixed currency (the plan's price is in US dollars); the shopper's own when absent. */
  currency?: string;
}

/** A price in the shopper's currency (or `currency`) and locale. */
export function Money({ amount, cents, isStruck = false, currency }: MoneyProps) {
  const format = useFormat();
  const settings = currency ? { ...format.settings, currency } : format.settings;
  const text = formatMoney(cents !== undefined ? cents / 100 : (amount ?? 0), settings);
  return isStruck ? <s className="money money-struck">{text}</s> : <span className="money">{text}</span>;
}
