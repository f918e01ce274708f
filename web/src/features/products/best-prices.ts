import type { TPriceObservation } from '@cartwise/contracts';
import { addDaysIso } from '@cartwise/contracts';

/** How many prices the product page lists before "Show all". */
export const BEST_PRICE_ROWS = 5;
/** The same window the server's "Cheapest lately" uses. */
const RECENT_DAYS = 90;

function compareByPrice(a: TPriceObservation, b: TPriceObservation): number {
  // Pack sizes differ, so a price per 100 g or per litre compares fairly when both lines have one in the same unit.
  const isComparable = a.comparablePrice && b.comparablePrice && a.comparablePrice.per === b.comparablePrice.per;
  const difference = isComparable ? a.comparablePrice!.amount - b.comparablePrice!.amount : a.unitPrice - b.unitPrice;
  return difference !== 0 ? difference : b.date.localeCompare(a.date);
}

/**
 * The few prices worth seeing in a store: the cheapest of the last 90 days, cheapest first (newest first on a tie).
 * When nothing is that recent, the cheapest of all of them.
 */
export function pickBestRecentPrices(
  observations: readonly TPriceObservation[],
  today: string,
  count = BEST_PRICE_ROWS,
): TPriceObservation[] {
  const cutoff = addDaysIso(today, -RECENT_DAYS);
  const recent = observations.filter((row) => row.date.slice(0, 10) >= cutoff);
  return [...(recent.length > 0 ? recent : observations)].sort(compareByPrice).slice(0, count);
}
