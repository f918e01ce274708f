import { z } from 'zod';
import { defineRoute } from '../api/define-route';
import { ZShoppingListSummary } from './lists';

export const ZDashboardReceipt = z.object({
  id: z.string(),
  store_name: z.string(),
  purchased_on: z.string().nullable(),
  total_cents: z.number().int(),
});
export type TDashboardReceipt = z.infer<typeof ZDashboardReceipt>;

/** Money saved over one period, in cents: deals (receipt discounts and deal prices) and split-cart plans used. */
export const ZSavingsPeriod = z.object({
  deals_cents: z.number().int().nonnegative(),
  split_cart_cents: z.number().int().nonnegative(),
  total_cents: z.number().int().nonnegative(),
  /** How many split-cart plans were used in the period. */
  plans_used: z.number().int().nonnegative(),
});
export type TSavingsPeriod = z.infer<typeof ZSavingsPeriod>;

/** GET /api/dashboard: the shopper's overview in one call. */
export const ZDashboard = z.object({
  /** The calendar month summed, yyyy-mm (UTC). */
  month: z.string(),
  spend_this_month_cents: z.number().int(),
  receipts_this_month: z.number().int().nonnegative(),
  recent_receipts: z.array(ZDashboardReceipt),
  /** Approved deals that have not ended (ends_on null or today or later). */
  active_deals_count: z.number().int().nonnegative(),
  lists: z.array(ZShoppingListSummary),
  pantry_expiring_count: z.number().int().nonnegative(),
  /** What the shopper saved this calendar month and this calendar year (UTC), the dashboard's lead. */
  savings: z.object({ month: ZSavingsPeriod, year: ZSavingsPeriod }),
});
export type TDashboard = z.infer<typeof ZDashboard>;

/** The dashboard endpoint, shared by the server's registration and the web client's call. */
export const dashboardApi = {
  get: defineRoute({ method: 'GET', path: '/api/dashboard', responses: { 200: ZDashboard } }),
};
