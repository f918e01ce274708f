import { z } from 'zod';

/** One list item of a started plan: where it is bought, for how much, and what the best single store asks. */
export const ZTripLine = z.object({
  itemId: z.string(),
  /** The product the plan priced; absent on plans recorded before receipts priced trips. */
  productId: z.string().optional(),
  storeId: z.string(),
  tripCents: z.number().int(),
  plannedCents: z.number().int(),
  singleCents: z.number().int(),
});
export type TripLine = z.infer<typeof ZTripLine>;

export function parseTripLines(json: string | null): TripLine[] {
  return json ? z.array(ZTripLine).parse(JSON.parse(json)) : [];
}

/** What was paid for a product at a store (its lines on the receipt matched there), in cents, by toPaidKey. */
export type PaidPrices = ReadonlyMap<string, number>;

/** The key of a product's paid price at a store in PaidPrices. */
export function toPaidKey(storeId: string, productId: string): string {
  return `${storeId}\u0000${productId}`;
}

/**
 * What a finished trip proves: the bought lines at the best single store (with its one trip) minus the same lines
 * at their planned stores (with a trip to each store they came from), between 0 and the plan's own saving. A line
 * whose product a receipt of that store shows costs what was paid for it there, not what the plan expected.
 */
export function measureTrip(bought: readonly TripLine[], singleTripCents: number | null, capCents: number, paid: PaidPrices = new Map()) {
  const trips = new Map(bought.map((line) => [line.storeId, line.tripCents]));
  const costOf = (line: TripLine) => (line.productId ? paid.get(toPaidKey(line.storeId, line.productId)) : undefined) ?? line.plannedCents;
  const spentCents = bought.reduce((sum, line) => sum + costOf(line), 0) + [...trips.values()].reduce((a, b) => a + b, 0);
  const singleCents = bought.reduce((sum, line) => sum + line.singleCents, 0) + (bought.length > 0 ? (singleTripCents ?? 0) : 0);
  const savingsCents = singleTripCents === null ? 0 : Math.min(capCents, Math.max(0, singleCents - spentCents));
  return { savingsCents, spentCents: Math.max(0, spentCents), boughtCount: bought.length };
}
