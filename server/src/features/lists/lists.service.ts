import {
  ACCOUNT_LIMITS,
  type TCreateListItem,
  type TListItem,
  type TShoppingListDetail,
  type TShoppingListSummary,
  type TShoppingLists,
  type TUpdateList,
  type TUpdateListItem,
} from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { createId, isFlagSet, nowIso, toFlag } from '../../db/ids';
import { cachePerUser } from '../../db/per-user-cache';
import { lockWithinTransaction } from '../../db/transaction-lock';
import { HttpError, notFound } from '../../http/errors';
import { requireBelowLimit } from '../../platform/account-limits';
import { publishToAudience, requireMembership } from '../households';
import { recordListChange } from '../push';
import { findVisibleProduct, linkTypedItem } from '../products';
import type { ListItemsTable, ShoppingListsTable } from '../../db/schema';
import { checkTickStore, recordAisleTick } from './aisle-ticks';
import type { Updateable } from 'kysely';
import {
  findAccessibleList,
  findListItem,
  findListItemByClientKey,
  selectListItems,
  selectListsWithCounts,
  selectNextPosition,
  type ListCountsRow,
  type ListItemRow,
  type ListItemView,
  type ShoppingListRow,
} from './lists.repo';

export function toListSummaryDto(row: ListCountsRow): TShoppingListSummary {
  return { ...row };
}

export function toListItemDto(row: ListItemView): TListItem {
  return {
    id: row.id,
    name: row.name,
    note: row.note ?? '',
    quantity: Number(row.quantity),
    unit: row.unit,
    product_id: row.product_id,
    product_name: row.product_id ? row.product_name : null,
    category: row.category,
    accepts_substitutes: isFlagSet(row.accepts_substitutes),
    is_checked: isFlagSet(row.is_checked),
    position: Number(row.position),
  };
}

/** The lists page, kept whole so that a repeat visit sends the text written for it last time (reusable-response.ts). */
const readListsPage = cachePerUser((app: Deps<'db'>, userId: string): Promise<TShoppingLists> =>
  selectListsWithCounts(app.db, userId).then((rows) => ({ items: rows.map(toListSummaryDto) })),
);

/** The lists page: every list the user sees, with its counts. */
export function listListsPage(app: Deps<'db'>, userId: string): Promise<TShoppingLists> {
  return readListsPage(app, userId);
}

async function requireOwnedList(app: Deps<'db'>, userId: string, listId: string): Promise<ShoppingListRow> {
  const list = await findAccessibleList(app.db, userId, listId);
  if (!list) throw notFound('List');
  return list;
}

/** Every member of the list's household (or its owner) sees the change on their open page. */
function announceListChange(app: Deps<'db' | 'events' | 'log'>, list: ShoppingListRow): Promise<void> {
  return publishToAudience(app, list, { type: 'list', id: list.id });
}

export async function getListDetail(app: Deps<'db'>, userId: string, listId: string): Promise<TShoppingListDetail> {
  const list = await requireOwnedList(app, userId, listId);
  const items = await selectListItems(app.db, list.id);
  return {
    id: list.id,
    name: list.name,
    household_id: list.household_id,
    created_at: list.created_at,
    updated_at: list.updated_at,
    items: items.map(toListItemDto),
  };
}

/** A personal list, or one for a household the shopper belongs to (any other household id answers 404). */
export async function createList(
  app: Deps<'db' | 'events' | 'log'>,
  userId: string,
  name: string,
  householdId: string | null = null,
): Promise<TShoppingListDetail> {
  if (householdId) await requireMembership(app.db, userId, householdId);
  const made = await app.db
    .selectFrom('shopping_lists')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  requireBelowLimit(made.count, ACCOUNT_LIMITS.lists, 'lists');
  const now = nowIso();
  const row: ShoppingListRow = { id: createId(), user_id: userId, household_id: householdId, name, created_at: now, updated_at: now };
  await app.db.insertInto('shopping_lists').values(row).execute();
  if (householdId) await announceListChange(app, row);
  return { id: row.id, name, household_id: householdId, created_at: now, updated_at: now, items: [] };
}

/**
 * Renames a list (any member who sees it) and shares or unshares it: only the shopper who made it may, and only with
 * a household they belong to (another household is a 404, someone else's list a 403).
 */
export async function updateList(
  app: Deps<'db' | 'events' | 'log'>,
  userId: string,
  listId: string,
  patch: TUpdateList,
): Promise<TShoppingListDetail> {
  const list = await requireOwnedList(app, userId, listId);
  const changes: Updateable<ShoppingListsTable> = { updated_at: nowIso() };
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.householdId !== undefined && patch.householdId !== list.household_id) {
    if (list.user_id !== userId) throw new HttpError(403, 'forbidden', 'Only the shopper who made this list can change who shares it');
    if (patch.householdId) await requireMembership(app.db, userId, patch.householdId);
    changes.household_id = patch.householdId;
  }
  await app.db.updateTable('shopping_lists').set(changes).where('id', '=', listId).execute();
  await announceListChange(app, list);
  if (changes.household_id !== undefined) await announceListChange(app, { ...list, household_id: changes.household_id });
  return getListDetail(app, userId, listId);
}

export async function deleteList(app: Deps<'db' | 'events' | 'log'>, userId: string, listId: string): Promise<void> {
  const list = await requireOwnedList(app, userId, listId);
  // Items go first so the delete does not depend on the database enforcing ON DELETE CASCADE (SQLite pragmas).
  await app.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('list_items').where('list_id', '=', listId).execute();
    await trx.deleteFrom('shopping_lists').where('id', '=', listId).execute();
  });
  await announceListChange(app, list);
}

/** How a shared list's change reads in the push its other members get. */
function describeItemChange(before: string, after: string, isChecked: boolean | undefined): string {
  if (isChecked === true) return `ticked ${after}`;
  if (isChecked === false) return `unticked ${after}`;
  return before === after ? `changed ${after}` : `renamed ${before} to ${after}`;
}

async function touchList(app: Deps<'db'>, listId: string): Promise<void> {
  await app.db.updateTable('shopping_lists').set({ updated_at: nowIso() }).where('id', '=', listId).execute();
}

/** Public products and the user's own; another shopper's private product is as unknown as none. */
async function checkProductExists(app: Deps<'db'>, userId: string, productId: string | null | undefined): Promise<void> {
  if (!productId) return;
  if (!(await findVisibleProduct(app.db, productId, userId))) throw notFound('Product');
}

/**
 * A repeated add with the same client key (an offline replay after a lost answer) returns the first item instead, and
 * so does an add of a product already waiting on the list.
 */
export async function addListItem(
  app: Deps<'config' | 'db' | 'events' | 'log'>,
  userId: string,
  listId: string,
  input: TCreateListItem,
): Promise<TListItem> {
  const list = await requireOwnedList(app, userId, listId);
  await checkProductExists(app, userId, input.product_id);
  // A replay of an add already made answers below even on a full list.
  if (!(input.client_key && (await findListItemByClientKey(app.db, listId, input.client_key)))) {
    const onList = await app.db
      .selectFrom('list_items')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('list_id', '=', listId)
      .executeTakeFirstOrThrow();
    requireBelowLimit(onList.count, ACCOUNT_LIMITS.itemsPerList, 'items on a list');
  }
  // Without a product_id the name links itself when one product is clearly meant; an explicit null keeps it unlinked.
  const productId = input.product_id === undefined ? await linkTypedItem(app.db, input.name) : input.product_id;
  const row: ListItemRow = {
    id: createId(),
    list_id: listId,
    name: input.name,
    note: input.note ?? '',
    quantity: input.quantity ?? 1,
    unit: input.unit || null,
    product_id: productId,
    category: input.category || null,
    accepts_substitutes: toFlag(input.accepts_substitutes ?? false),
    is_checked: 0,
    position: await selectNextPosition(app.db, listId),
    created_at: nowIso(),
    client_key: input.client_key ?? null,
    link_declined: 0,
  };
  // With a key already used on this list (a replay, or two copies of one add racing) the insert does nothing and the
  // item that key made answers instead, unchanged and without a second announcement.
  // A product already waiting on the list (not ticked) is not added twice: two members adding it at once get the
  // same row. The check and the insert hold a lock on the list and product (one transaction at a time on SQLite).
  const sameProductId = await app.db.transaction().execute(async (trx) => {
    if (productId) {
      await lockWithinTransaction(trx, `list-product:${listId}:${productId}`);
      const waiting = await trx
        .selectFrom('list_items')
        .select('id')
        .where('list_id', '=', listId)
        .where('product_id', '=', productId)
        .where('is_checked', '=', 0)
        .executeTakeFirst();
      if (waiting) return waiting.id;
    }
    await trx
      .insertInto('list_items')
      .values(row)
      .onConflict((conflict) => conflict.columns(['list_id', 'client_key']).doNothing())
      .execute();
    return null;
  });
  if (sameProductId) {
    const waiting = await findListItem(app.db, listId, sameProductId);
    if (waiting) return toListItemDto(waiting);
  }
  const stored = row.client_key ? await findListItemByClientKey(app.db, listId, row.client_key) : undefined;
  if (stored && stored.id !== row.id) return toListItemDto(stored);
  await touchList(app, listId);
  await announceListChange(app, list);
  recordListChange(app, list, userId, `added ${row.name}`);
  const added = await findListItem(app.db, listId, row.id);
  if (!added) throw notFound('List item');
  return toListItemDto(added);
}

export async function updateListItem(
  app: Deps<'config' | 'db' | 'events' | 'log'>,
  userId: string,
  listId: string,
  itemId: string,
  patch: TUpdateListItem,
): Promise<TListItem> {
  const list = await requireOwnedList(app, userId, listId);
  const existing = await findListItem(app.db, listId, itemId);
  if (!existing) throw notFound('List item');
  await checkProductExists(app, userId, patch.product_id);
  const tickStore = patch.checked_at_store_id ? await checkTickStore(app, listId, patch.checked_at_store_id) : null;
  const changes: Updateable<ListItemsTable> = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.note !== undefined) changes.note = patch.note;
  if (patch.quantity !== undefined) changes.quantity = patch.quantity;
  if (patch.unit !== undefined) changes.unit = patch.unit || null;
  if (patch.product_id !== undefined) {
    changes.product_id = patch.product_id;
    // Unlinking is the shopper saying "not that product": the plan leaves the name unlinked too.
    changes.link_declined = toFlag(patch.product_id === null);
  }
  if (patch.category !== undefined) changes.category = patch.category || null;
  if (patch.accepts_substitutes !== undefined) changes.accepts_substitutes = toFlag(patch.accepts_substitutes);
  if (patch.is_checked !== undefined) changes.is_checked = toFlag(patch.is_checked);
  await app.db.updateTable('list_items').set(changes).where('id', '=', itemId).where('list_id', '=', listId).execute();
  await touchList(app, listId);
  await announceListChange(app, list);
  const updated = await findListItem(app.db, listId, itemId);
  if (!updated) throw notFound('List item');
  // Only a tick that changes something teaches the walk: a replayed tick is not a second visit to the aisle.
  if (tickStore && patch.checked_at_store_id && !isFlagSet(existing.is_checked)) {
    await recordAisleTick(app, list, updated, patch.checked_at_store_id, tickStore.tripKey);
  }
  recordListChange(app, list, userId, describeItemChange(existing.name, updated.name, patch.is_checked));
  return toListItemDto(updated);
}

export async function removeListItem(
  app: Deps<'config' | 'db' | 'events' | 'log'>,
  userId: string,
  listId: string,
  itemId: string,
): Promise<void> {
  const list = await requireOwnedList(app, userId, listId);
  const existing = list.household_id ? await findListItem(app.db, listId, itemId) : undefined;
  const result = await app.db.deleteFrom('list_items').where('id', '=', itemId).where('list_id', '=', listId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('List item');
  await touchList(app, listId);
  await announceListChange(app, list);
  if (existing) recordListChange(app, list, userId, `removed ${existing.name}`);
}

/**
 * Removes the list's ticked items (the end of a trip). A list with none ticked is a 409 `nothing_ticked`: the
 * button shows only with ticked items, so this is a second press or another member clearing first.
 */
export async function clearCheckedItems(app: Deps<'config' | 'db' | 'events' | 'log'>, userId: string, listId: string): Promise<number> {
  const list = await requireOwnedList(app, userId, listId);
  const result = await app.db.deleteFrom('list_items').where('list_id', '=', listId).where('is_checked', '=', 1).executeTakeFirst();
  const removed = Number(result.numDeletedRows);
  if (removed === 0) throw new HttpError(409, 'nothing_ticked', 'Nothing on this list is ticked, so there is nothing to clear.');
  await touchList(app, listId);
  await announceListChange(app, list);
  if (list.household_id) recordListChange(app, list, userId, `cleared ${removed} ticked items`);
  return removed;
}
