import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isFlagSet } from '../../db/ids';
import { memberHouseholdIds } from '../households';
import { isVisibleTo } from '../stores';

export interface PlanListItem {
  id: string;
  name: string;
  quantity: number;
  unit: string | null;
  productId: string | null;
  category: string | null;
  acceptsSubstitutes: boolean;
}

export interface PlanStoreRow {
  id: string;
  name: string;
  chainName: string | null;
  address: string;
}

/** The user's own list or one of their household's (the same rule as the lists feature). */
export async function findOwnedList(db: Kysely<Database>, listId: string, userId: string) {
  return db
    .selectFrom('shopping_lists')
    .select(['id', 'name'])
    .where('id', '=', listId)
    .where((eb) =>
      eb.or([
        eb.and([eb('household_id', 'is', null), eb('user_id', '=', userId)]),
        eb('household_id', 'in', memberHouseholdIds(db, userId)),
      ]),
    )
    .executeTakeFirst();
}

/** Items still to buy (checked-off items are already in the basket). */
export async function findOpenItems(db: Kysely<Database>, listId: string): Promise<PlanListItem[]> {
  const rows = await db
    .selectFrom('list_items')
    .select(['id', 'name', 'quantity', 'unit', 'product_id', 'category', 'accepts_substitutes'])
    .where('list_id', '=', listId)
    .where('is_checked', '=', 0)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    quantity: r.quantity > 0 ? r.quantity : 1,
    unit: r.unit,
    productId: r.product_id,
    category: r.category,
    acceptsSubstitutes: isFlagSet(r.accepts_substitutes),
  }));
}

export interface PlanProductRow {
  id: string;
  name: string;
  brand: string | null;
  category: string | null;
  size_value: number | null;
  size_unit: string | null;
}

/** The given products, oldest first. */
export async function findProducts(db: Kysely<Database>, ids: string[]): Promise<PlanProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('products')
    .select(['id', 'name', 'brand', 'category', 'size_value', 'size_unit'])
    .where('id', 'in', ids)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The given stores (ids null: every store), limited to those the shopper may see: another shopper's private store is not. */
export async function findStores(db: Kysely<Database>, userId: string, ids: string[] | null): Promise<PlanStoreRow[]> {
  let query = db
    .selectFrom('store_locations')
    .where((eb) => isVisibleTo(eb, userId))
    .leftJoin('store_chains', 'store_chains.id', 'store_locations.chain_id')
    .select(['store_locations.id', 'store_locations.name', 'store_chains.name as chainName', 'store_locations.address'])
    .orderBy('store_locations.name');
  if (ids) {
    if (ids.length === 0) return [];
    query = query.where('store_locations.id', 'in', ids);
  }
  return query.execute();
}

export async function findHomeStoreIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_home_stores').select('store_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.store_id);
}

export async function findTripCostCents(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db.selectFrom('profiles').select('trip_cost_cents').where('id', '=', userId).executeTakeFirst();
  return row?.trip_cost_cents ?? 0;
}

/** The shopper's usual store: where they spent the most on receipts since `since` (yyyy-mm-dd). */
export async function findUsualStoreId(db: Kysely<Database>, userId: string, since: string): Promise<string | null> {
  const row = await db
    .selectFrom('receipts')
    .select(['store_id', (eb) => eb.fn.sum<number | string>('total_cents').as('spent')])
    .where('user_id', '=', userId)
    .where('store_id', 'is not', null)
    .where('purchased_on', '>=', since)
    .groupBy('store_id')
    .orderBy('spent', 'desc')
    .orderBy('store_id')
    .executeTakeFirst();
  return row?.store_id ?? null;
}
