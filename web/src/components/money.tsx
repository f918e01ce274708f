import { useFormat } from '../lib/use-format';

export interface MoneyProps {
  /** Decimal amount, e.g. 12.5 (use `cents` for integer cents). */
  amount?: number;
  cents?: number;
  isStruck?: boolean;
}

/** A price in the shopper's currency and locale, always with 2 decimals. */
export function Money({ amount, cents, isStruck = false }: MoneyProps) {
  const format = useFormat();
  const text = cents !== undefined ? format.cents(cents) : format.money(amount ?? 0);
  return isStruck ? <s className="money money-struck">{text}</s> : <span className="money">{text}</span>;
}
