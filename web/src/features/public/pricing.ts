import { ANNUAL_PRICE, TRIAL_MONTHS } from '@cartwise/contracts/domain/constants';
import { FALLBACK_FORMAT, formatMoney } from '../../lib/format';

/** "6-month free trial, then $49.99/year": the spec prices the plan in US dollars. */
export function formatPricingLine(locale = FALLBACK_FORMAT.locale): string {
  return `${TRIAL_MONTHS}-month free trial, then ${formatMoney(ANNUAL_PRICE, { ...FALLBACK_FORMAT, locale })}/year`;
}
