import { formatMoney } from '@cartwise/shared';

/** Business constants of spec section 9. */
export const ANNUAL_PRICE_DOLLARS = 49.99;
export const FREE_TRIAL_MONTHS = 6;

export function formatPricingLine(): string {
  return `${FREE_TRIAL_MONTHS}-month free trial, then ${formatMoney(ANNUAL_PRICE_DOLLARS)}/year`;
}
