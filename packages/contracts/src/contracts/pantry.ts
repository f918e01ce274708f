import { z } from 'zod';
import { ZClientKey, ZId, ZIsoDate, zNonBlank } from './common';
import { defineRoute } from '../api/define-route';
import { countDaysBetween } from '../domain/dates';

/** Items expiring within this many days are highlighted. */
export const PANTRY_EXPIRY_WARNING_DAYS = 3;

/** Pantry item (id, name, qty, unit) plus an optional expiry date. */
export const ZPantryItem = z.object({
  id: z.string(),
  name: z.string(),
  qty: z.number(),
  unit: z.string(),
  expires_on: z.string().nullable(),
  product_id: z.string().nullable(),
  /** Set when the item is the household's pantry rather than the shopper's own. */
  household_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPantryItem = z.infer<typeof ZPantryItem>;

/** GET /api/pantry: items sorted by expiry (soonest first, undated last) and the Total Qty. */
export const ZPantryList = z.object({
  items: z.array(ZPantryItem),
  total_qty: z.number(),
});
export type TPantryList = z.infer<typeof ZPantryList>;

export const ZPantryItemParams = z.object({ id: ZId });
export type TPantryItemParams = z.infer<typeof ZPantryItemParams>;

const zName = zNonBlank('Item name is required').max(200, { message: 'Item name is too long' });
const zQty = z
  .number({ message: 'Quantity must be a number' })
  .nonnegative({ message: 'Quantity cannot be negative' })
  .max(100_000, { message: 'Quantity is too large' });
const zUnit = z.string().trim().max(30, { message: 'Unit is too long' });

const ZPantryItemFields = z.object({
  name: zName,
  qty: zQty,
  unit: zUnit.optional(),
  expires_on: ZIsoDate.nullable().optional(),
  product_id: ZId.nullable().optional(),
});

/** POST /api/pantry; `householdId` puts the item in that household's pantry; `client_key` as for list items. */
export const ZCreatePantryItem = ZPantryItemFields.extend({ householdId: ZId.nullable().optional(), client_key: ZClientKey.optional() });
export type TCreatePantryItem = z.infer<typeof ZCreatePantryItem>;

/** PATCH /api/pantry/:id */
export const ZUpdatePantryItem = ZPantryItemFields.partial().refine((patch) => Object.values(patch).some((value) => value !== undefined), {
  message: 'Nothing to update',
});
export type TUpdatePantryItem = z.infer<typeof ZUpdatePantryItem>;

/** Sum of quantities (the Total Qty line), rounded to avoid float noise such as 0.30000000000000004. */
export function sumPantryQty(items: readonly Pick<TPantryItem, 'qty'>[]): number {
  const total = items.reduce((sum, item) => sum + item.qty, 0);
  return Math.round(total * 1000) / 1000;
}

/** Soonest expiry first; undated items last; ties by name. */
export function sortPantryByExpiry<T extends Pick<TPantryItem, 'expires_on' | 'name'>>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => {
    if (a.expires_on !== b.expires_on) {
      if (a.expires_on === null) return 1;
      if (b.expires_on === null) return -1;
      return a.expires_on < b.expires_on ? -1 : 1;
    }
    return a.name.localeCompare(b.name);
  });
}

/** Whole days from `today` to `date` (both yyyy-mm-dd); negative when already past. */
export function daysUntil(date: string, today: string): number {
  return countDaysBetween(today, date);
}

/** True when the item has expired or expires within PANTRY_EXPIRY_WARNING_DAYS of `today`. */
export function isExpiringSoon(expiresOn: string | null, today: string, withinDays = PANTRY_EXPIRY_WARNING_DAYS): boolean {
  if (!expiresOn) return false;
  return daysUntil(expiresOn, today) <= withinDays;
}

/** The pantry endpoints, shared by the server's registration and the web client's calls. */
export const pantryApi = {
  list: defineRoute({ method: 'GET', path: '/api/pantry', responses: { 200: ZPantryList } }),
  create: defineRoute({ method: 'POST', path: '/api/pantry', body: ZCreatePantryItem, responses: { 201: ZPantryItem } }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/pantry/:id',
    params: ZPantryItemParams,
    body: ZUpdatePantryItem,
    responses: { 200: ZPantryItem },
  }),
  remove: defineRoute({ method: 'DELETE', path: '/api/pantry/:id', params: ZPantryItemParams, responses: { 204: null } }),
};
