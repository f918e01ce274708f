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
});
export type TDashboard = z.infer<typeof ZDashboard>;

/** The dashboard endpoint, shared by the server's registration and the web client's call. */
export const dashboardApi = {
  get: defineRoute({ method: 'GET', path: '/api/dashboard', responses: { 200: ZDashboard } }),
};
