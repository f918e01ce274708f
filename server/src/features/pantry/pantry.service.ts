import type { Kysely, Selectable, Updateable } from 'kysely';
import {
  ACCOUNT_LIMITS,
  sortPantryByExpiry,
  sumPantryQty,
  type TCreatePantryItem,
  type TPantryItem,
  type TPantryList,
  type TUpdatePantryItem,
} from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import type { Database, PantryItemsTable } from '../../db/schema';
import { createId, nowIso } from '../../db/ids';
import { cachePerUser } from '../../db/per-user-cache';
import { precompile } from '../../db/precompiled-query';
import { HttpError, notFound } from '../../http/errors';
import { requireBelowLimit } from '../../platform/account-limits';
import { memberHouseholdIds, publishToAudience, requireMembership } from '../households';
import { findVisibleProduct } from '../products';

type PantryRow = Selectable<PantryItemsTable>;

export function toPantryItemDto(row: PantryRow): TPantryItem {
  return {
    id: row.id,
    name: row.name,
    qty: Number(row.qty),
    unit: row.unit ?? '',
    expires_on: row.expires_on,
    product_id: row.product_id,
    household_id: row.household_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The shopper's own items and those of every household they belong to (anyone else's look missing). */
function selectAccessibleItems(db: Deps<'db'>['db'], userId: string) {
  return db
    .selectFrom('pantry_items')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('household_id', 'is', null), eb('user_id', '=', userId)]),
        eb('household_id', 'in', memberHouseholdIds(db, userId)),
      ]),
    );
}

function findOwnedItem(app: Deps<'db'>, userId: string, id: string): Promise<PantryRow | undefined> {
  return selectAccessibleItems(app.db, userId).where('id', '=', id).executeTakeFirst();
}

function announcePantryChange(app: Deps<'db' | 'events' | 'log'>, row: Pick<PantryRow, 'user_id' | 'household_id'>): Promise<void> {
  return publishToAudience(app, row, { type: 'pantry' });
}

/** Public products and the user's own; another shopper's private product is as unknown as none. */
async function checkProductExists(app: Deps<'db'>, userId: string, productId: string | null | undefined): Promise<void> {
  if (!productId) return;
  if (!(await findVisibleProduct(app.db, productId, userId))) throw notFound('Product');
}

const selectPantryRows = precompile((db, p: { userId: string }) => selectAccessibleItems(db, p.userId));

const readPantry = cachePerUser(async (app: Deps<'db'>, userId: string): Promise<TPantryList> => {
  const rows = await selectPantryRows(app.db, { userId });
  const items = sortPantryByExpiry(rows.map(toPantryItemDto));
  return { items, total_qty: sumPantryQty(items) };
});

/** The pantry (own and household items) sorted by expiry (soonest first), with the Total Qty line. */
export function listPantry(app: Deps<'db'>, userId: string): Promise<TPantryList> {
  return readPantry(app, userId);
}

/** The count of the user's items that have expired or expire on or before `lastDay` (yyyy-mm-dd), as a subquery. */
export function selectPantryExpiringCount(db: Kysely<Database>, userId: string, lastDay: string) {
  return db
    .selectFrom('pantry_items')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('expires_on', 'is not', null)
    .where('expires_on', '<=', lastDay);
}

/** A repeated add with the same client key (an offline replay after a lost answer) returns the first item instead. */
export async function addPantryItem(app: Deps<'db' | 'events' | 'log'>, userId: string, input: TCreatePantryItem): Promise<TPantryItem> {
  if (input.householdId) await requireMembership(app.db, userId, input.householdId);
  await checkProductExists(app, userId, input.product_id);
  const added = await app.db
    .selectFrom('pantry_items')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  requireBelowLimit(added.count, ACCOUNT_LIMITS.pantryItems, 'pantry items');
  const now = nowIso();
  const row: PantryRow = {
    id: createId(),
    user_id: userId,
    household_id: input.householdId ?? null,
    name: input.name,
    qty: input.qty,
    unit: input.unit ?? '',
    expires_on: input.expires_on ?? null,
    product_id: input.product_id ?? null,
    created_at: now,
    updated_at: now,
    client_key: input.client_key ?? null,
  };
  // As for list items: a key this shopper already used makes the insert a no-op and the first item answers.
  await app.db
    .insertInto('pantry_items')
    .values(row)
    .onConflict((conflict) => conflict.columns(['user_id', 'client_key']).doNothing())
    .execute();
  const stored = row.client_key
    ? await app.db
        .selectFrom('pantry_items')
        .selectAll()
        .where('user_id', '=', userId)
        .where('client_key', '=', row.client_key)
        .executeTakeFirst()
    : row;
  if (stored && stored.id !== row.id) {
    // The first item answers only while the shopper can still see it: one made for a household they have since
    // left stays the household's.
    const visible = await findOwnedItem(app, userId, stored.id);
    if (!visible) throw new HttpError(409, 'client_key_used', 'This item was already added to a pantry you no longer share.');
    return toPantryItemDto(visible);
  }
  await announcePantryChange(app, row);
  return toPantryItemDto(row);
}

export async function updatePantryItem(
  app: Deps<'db' | 'events' | 'log'>,
  userId: string,
  id: string,
  patch: TUpdatePantryItem,
): Promise<TPantryItem> {
  const existing = await findOwnedItem(app, userId, id);
  if (!existing) throw notFound('Pantry item');
  await checkProductExists(app, userId, patch.product_id);
  const changes: Updateable<PantryItemsTable> = { updated_at: nowIso() };
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.qty !== undefined) changes.qty = patch.qty;
  if (patch.unit !== undefined) changes.unit = patch.unit;
  if (patch.expires_on !== undefined) changes.expires_on = patch.expires_on;
  if (patch.product_id !== undefined) changes.product_id = patch.product_id;
  await app.db.updateTable('pantry_items').set(changes).where('id', '=', id).execute();
  await announcePantryChange(app, existing);
  const updated = await findOwnedItem(app, userId, id);
  if (!updated) throw notFound('Pantry item');
  return toPantryItemDto(updated);
}

export async function removePantryItem(app: Deps<'db' | 'events' | 'log'>, userId: string, id: string): Promise<void> {
  const existing = await findOwnedItem(app, userId, id);
  if (!existing) throw notFound('Pantry item');
  const result = await app.db.deleteFrom('pantry_items').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('Pantry item');
  await announcePantryChange(app, existing);
}
