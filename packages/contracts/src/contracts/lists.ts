import { z } from 'zod';
import { ZClientKey, ZId, zNonBlank } from './common';
import { defineRoute } from '../api/define-route';

const LIST_NAME_MAX = 120;
const ITEM_NAME_MAX = 200;
const NOTE_MAX = 500;
const UNIT_MAX = 30;

/** One item on a shopping list (id, name, note; quantity and unit for the split-cart optimiser). */
export const ZListItem = z.object({
  id: z.string(),
  name: z.string(),
  note: z.string(),
  quantity: z.number(),
  unit: z.string().nullable(),
  product_id: z.string().nullable(),
  /** The linked product's name (null when not linked), shown beside the typed name ("≈ Whole Milk"). */
  product_name: z.string().nullable(),
  category: z.string().nullable(),
  accepts_substitutes: z.boolean(),
  is_checked: z.boolean(),
  position: z.number().int(),
});
export type TListItem = z.infer<typeof ZListItem>;

/** A list as shown on /u/lists and the dashboard: name plus how many items and how many are checked. */
export const ZShoppingListSummary = z.object({
  id: z.string(),
  name: z.string(),
  /** Set when the list belongs to a household: every member reads and writes it. */
  household_id: z.string().nullable(),
  item_count: z.number().int().nonnegative(),
  checked_count: z.number().int().nonnegative(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TShoppingListSummary = z.infer<typeof ZShoppingListSummary>;

/** GET /api/lists */
export const ZShoppingLists = z.object({ items: z.array(ZShoppingListSummary) });
export type TShoppingLists = z.infer<typeof ZShoppingLists>;

/** GET /api/lists/:id and GET /api/list/detail?id= (spec: reads items with id, name, note). */
export const ZShoppingListDetail = z.object({
  id: z.string(),
  name: z.string(),
  household_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  items: z.array(ZListItem),
});
export type TShoppingListDetail = z.infer<typeof ZShoppingListDetail>;

export const ZListIdParams = z.object({ id: ZId });
export type TListIdParams = z.infer<typeof ZListIdParams>;

export const ZListItemParams = z.object({ id: ZId, itemId: ZId });
export type TListItemParams = z.infer<typeof ZListItemParams>;

/** GET /api/list/detail?id=<listId> */
export const ZListDetailQuery = z.object({ id: ZId });
export type TListDetailQuery = z.infer<typeof ZListDetailQuery>;

const zListName = zNonBlank('List name is required').max(LIST_NAME_MAX, { message: 'List name is too long' });

/** POST /api/lists (the name must be non-blank). */
export const ZCreateList = z.object({ name: zListName, householdId: ZId.nullable().optional() });
export type TCreateList = z.infer<typeof ZCreateList>;

/** The list-name form (create and rename). */
export const ZListNameForm = z.object({ name: zListName });

/**
 * PATCH /api/lists/:id: rename, and (for the shopper who made the list) share it with a household they belong to;
 * `householdId: null` stops sharing.
 */
export const ZUpdateList = z
  .object({ name: zListName.optional(), householdId: ZId.nullable().optional() })
  .refine((patch) => patch.name !== undefined || patch.householdId !== undefined, { message: 'Nothing to change' });
export type TUpdateList = z.infer<typeof ZUpdateList>;

const zItemName = zNonBlank('Item name is required').max(ITEM_NAME_MAX, { message: 'Item name is too long' });
const zNote = z.string().trim().max(NOTE_MAX, { message: 'Note is too long' });
const zQuantity = z
  .number({ message: 'Quantity must be a number' })
  .positive({ message: 'Quantity must be more than 0' })
  .max(100_000, { message: 'Quantity is too large' });
const zUnit = z.string().trim().max(UNIT_MAX, { message: 'Unit is too long' });

const ZListItemFields = z.object({
  name: zItemName,
  note: zNote.optional(),
  quantity: zQuantity.optional(),
  unit: zUnit.nullable().optional(),
  product_id: ZId.nullable().optional(),
  category: z.string().trim().max(60).nullable().optional(),
  accepts_substitutes: z.boolean().optional(),
});

/**
 * POST /api/lists/:id/items; `client_key` makes a repeated add (a replay after a lost answer) return the first item.
 * Without `product_id` the server links the name to the one product it clearly means; `product_id: null` adds it unlinked.
 */
export const ZCreateListItem = ZListItemFields.extend({ client_key: ZClientKey.optional() });
export type TCreateListItem = z.infer<typeof ZCreateListItem>;

/** PATCH /api/lists/:id/items/:itemId: every field optional, at least one given. */
export const ZUpdateListItem = ZListItemFields.partial()
  .extend({
    is_checked: z.boolean().optional(),
    /** With `is_checked: true`: the store of the trip's plan where it was ticked, which learns that store's aisle order. */
    checked_at_store_id: ZId.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), { message: 'Nothing to update' })
  .refine((patch) => patch.checked_at_store_id === undefined || patch.is_checked === true, {
    message: 'checked_at_store_id goes with is_checked: true',
    path: ['checked_at_store_id'],
  });
export type TUpdateListItem = z.infer<typeof ZUpdateListItem>;

/** Unchecked items first (in position order), checked ones sink to the bottom: the in-store reading order. */
export function sortListItemsForShopping<T extends Pick<TListItem, 'is_checked' | 'position'>>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Number(a.is_checked) - Number(b.is_checked) || a.position - b.position);
}

export const ZClearedItems = z.object({ removed: z.number().int().nonnegative() });
export type TClearedItems = z.infer<typeof ZClearedItems>;

/** The shopping-list endpoints, shared by the server's registration and the web client's calls. */
export const listsApi = {
  list: defineRoute({ method: 'GET', path: '/api/lists', responses: { 200: ZShoppingLists } }),
  create: defineRoute({ method: 'POST', path: '/api/lists', body: ZCreateList, responses: { 201: ZShoppingListDetail } }),
  /** The spec's call: the list id as a query parameter. */
  detailByQuery: defineRoute({ method: 'GET', path: '/api/list/detail', query: ZListDetailQuery, responses: { 200: ZShoppingListDetail } }),
  detail: defineRoute({ method: 'GET', path: '/api/lists/:id', params: ZListIdParams, responses: { 200: ZShoppingListDetail } }),
  rename: defineRoute({
    method: 'PATCH',
    path: '/api/lists/:id',
    params: ZListIdParams,
    body: ZUpdateList,
    responses: { 200: ZShoppingListDetail },
  }),
  remove: defineRoute({ method: 'DELETE', path: '/api/lists/:id', params: ZListIdParams, responses: { 204: null } }),
  addItem: defineRoute({
    method: 'POST',
    path: '/api/lists/:id/items',
    params: ZListIdParams,
    body: ZCreateListItem,
    responses: { 201: ZListItem },
  }),
  updateItem: defineRoute({
    method: 'PATCH',
    path: '/api/lists/:id/items/:itemId',
    params: ZListItemParams,
    body: ZUpdateListItem,
    responses: { 200: ZListItem },
  }),
  removeItem: defineRoute({ method: 'DELETE', path: '/api/lists/:id/items/:itemId', params: ZListItemParams, responses: { 204: null } }),
  /** Removes the ticked items at the end of a trip; a list with none ticked answers 409 `nothing_ticked`. */
  clearChecked: defineRoute({
    method: 'POST',
    path: '/api/lists/:id/clear-checked',
    params: ZListIdParams,
    responses: { 200: ZClearedItems },
  }),
};
