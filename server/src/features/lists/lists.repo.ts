import type { Kysely, Selectable } from 'kysely';
import type { Database, ListItemsTable, ShoppingListsTable } from '../../db/schema';
import { precompile } from '../../db/precompiled-query';
import { memberHouseholdIds } from '../households';

export type ShoppingListRow = Selectable<ShoppingListsTable>;
export type ListItemRow = Selectable<ListItemsTable>;

export interface ListCountsRow {
  id: string;
  name: string;
  household_id: string | null;
  created_at: string;
  updated_at: string;
  item_count: number;
  checked_count: number;
}

/** The user's own lists and their households' lists, newest activity first, with raw item and checked counts. */
export function selectListCounts(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('shopping_lists as l')
    .leftJoin('list_items as i', 'i.list_id', 'l.id')
    .select((eb) => [
      'l.id',
      'l.name',
      'l.household_id',
      'l.created_at',
      'l.updated_at',
      eb.fn.count<number | string>('i.id').as('item_count'),
      eb.fn.sum<number | string | null>('i.is_checked').as('checked_count'),
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('l.household_id', 'is', null), eb('l.user_id', '=', userId)]),
        eb('l.household_id', 'in', memberHouseholdIds(db, userId)),
      ]),
    )
    .groupBy(['l.id', 'l.name', 'l.household_id', 'l.created_at', 'l.updated_at'])
    .orderBy('l.updated_at', 'desc')
    .orderBy('l.id');
}

// Read on every lists page, so compiled once (precompiled-query.ts).
const selectAllListCounts = precompile((db, p: { userId: string }) => selectListCounts(db, p.userId));

/** The user's own lists and their households' lists, newest activity first, with item and checked counts (one grouped query). */
export async function selectListsWithCounts(db: Kysely<Database>, userId: string): Promise<ListCountsRow[]> {
  return (await selectAllListCounts(db, { userId })).map(toListCounts);
}

/** A row of selectListCounts with its counts as numbers (PostgreSQL's counts arrive as text). */
export function toListCounts(
  row: Omit<ListCountsRow, 'item_count' | 'checked_count'> & { item_count: number | string; checked_count: number | string | null },
): ListCountsRow {
  return {
    id: row.id,
    name: row.name,
    household_id: row.household_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    item_count: Number(row.item_count),
    checked_count: Number(row.checked_count ?? 0),
  };
}

/**
 * A list only when the user may use it: their own personal list, or a list of a household they belong to.
 * Anyone else's id looks like a missing one.
 */
export function findAccessibleList(db: Kysely<Database>, userId: string, listId: string): Promise<ShoppingListRow | undefined> {
  return db
    .selectFrom('shopping_lists')
    .selectAll()
    .where('id', '=', listId)
    .where((eb) =>
      eb.or([
        eb.and([eb('household_id', 'is', null), eb('user_id', '=', userId)]),
        eb('household_id', 'in', memberHouseholdIds(db, userId)),
      ]),
    )
    .executeTakeFirst();
}

/** An item with the name of the product it links to, which the list shows beside the typed name. */
export type ListItemView = ListItemRow & { product_name: string | null };

function selectItemsWithProduct(db: Kysely<Database>, listId: string) {
  return db
    .selectFrom('list_items as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .selectAll('i')
    .select('p.name as product_name')
    .where('i.list_id', '=', listId);
}

export function selectListItems(db: Kysely<Database>, listId: string): Promise<ListItemView[]> {
  return selectItemsWithProduct(db, listId).orderBy('i.position').orderBy('i.created_at').execute();
}

export function findListItem(db: Kysely<Database>, listId: string, itemId: string): Promise<ListItemView | undefined> {
  return selectItemsWithProduct(db, listId).where('i.id', '=', itemId).executeTakeFirst();
}

export function findListItemByClientKey(db: Kysely<Database>, listId: string, clientKey: string): Promise<ListItemView | undefined> {
  return selectItemsWithProduct(db, listId).where('i.client_key', '=', clientKey).executeTakeFirst();
}

export async function selectNextPosition(db: Kysely<Database>, listId: string): Promise<number> {
  const row = await db
    .selectFrom('list_items')
    .select((eb) => eb.fn.max<number | null>('position').as('max_position'))
    .where('list_id', '=', listId)
    .executeTakeFirst();
  const max = row?.max_position;
  return max === null || max === undefined ? 0 : Number(max) + 1;
}
