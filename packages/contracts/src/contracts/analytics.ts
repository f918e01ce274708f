import { z } from 'zod';
import { defineRoute } from '../api/define-route';

export const SPEND_MONTHS_DEFAULT = 12;
export const SPEND_MONTHS_MAX = 36;

/** GET /api/analytics/spend?months=12 */
export const ZSpendQuery = z.object({
  months: z.coerce
    .number({ message: 'months must be a number' })
    .int({ message: 'months must be a whole number' })
    .min(1, { message: 'months must be at least 1' })
    .max(SPEND_MONTHS_MAX, { message: `months must be at most ${SPEND_MONTHS_MAX}` })
    .default(SPEND_MONTHS_DEFAULT),
});
export type TSpendQuery = z.infer<typeof ZSpendQuery>;

export const ZSpendByMonth = z.object({
  /** yyyy-mm */
  month: z.string(),
  total_cents: z.number().int(),
});
export type TSpendByMonth = z.infer<typeof ZSpendByMonth>;

export const ZSpendByStore = z.object({
  store_name: z.string(),
  total_cents: z.number().int(),
  receipts: z.number().int().nonnegative(),
});
export type TSpendByStore = z.infer<typeof ZSpendByStore>;

/** byMonth has one entry per month of the window, oldest first, zero-filled; byStore is largest spend first. */
export const ZSpendAnalytics = z.object({
  byMonth: z.array(ZSpendByMonth),
  byStore: z.array(ZSpendByStore),
});
export type TSpendAnalytics = z.infer<typeof ZSpendAnalytics>;

/** The last `count` months ending with the month of `today` (yyyy-mm-dd), oldest first, as yyyy-mm. */
export function listRecentMonths(today: string, count: number): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const months: string[] = [];
  for (let offset = count - 1; offset >= 0; offset -= 1) {
    const date = new Date(Date.UTC(year, month - offset, 1));
    months.push(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

/**
 * GET /api/analytics/inflation?months=12: the price change of what the shopper's household buys again and again, from
 * its current members' receipts (the shopper's own outside a household), chain-linked month to month (domain/price-index.ts); oldest first, the first month 100.
 */
export const ZInflationIndex = z.object({
  months: z.array(z.object({ month: z.string(), index: z.number(), basketSize: z.number().int().nonnegative() })),
});
export type TInflationIndex = z.infer<typeof ZInflationIndex>;

/** The spend analytics endpoint, shared by the server's registration and the web client's call. */
export const analyticsApi = {
  spend: defineRoute({ method: 'GET', path: '/api/analytics/spend', query: ZSpendQuery, responses: { 200: ZSpendAnalytics } }),
  inflation: defineRoute({
    method: 'GET',
    path: '/api/analytics/inflation',
    query: ZSpendQuery,
    responses: { 200: ZInflationIndex },
  }),
};
