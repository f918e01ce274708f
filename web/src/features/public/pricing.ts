import { ANNUAL_PRICE, TRIAL_MONTHS, formatMoney } from '@cartwise/contracts';

/** "6-month free trial, then $49.99/year", built from the shared business constants. */
export function formatPricingLine(): string {
  return `${TRIAL_MONTHS}-month free trial, then ${formatMoney(ANNUAL_PRICE)}/year`;
}
