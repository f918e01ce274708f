import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isFlagSet } from '../../db/ids';
import { memberHouseholdIds } from '../households';
import type { MatchCandidateRow } from '../products';
import { isVisibleTo } from '../stores';

export interface PlanListItem {
  id: string;
  name: string;
  quantity: number;
  unit: string | null;
  productId: string | null;
  category: string | null;
  acceptsSubstitutes: boolean;
  /** The shopper undid this item's automatic link: its name is not linked again. */
  isLinkDeclined: boolean;
  /** The linked product; null for a typed name, or when the linked product is gone. */
  product: PlanProductRow | null;
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

/** Items still to buy (checked-off items are already in the basket), each with the product it links to, if any. */
export async function findOpenItems(db: Kysely<Database>, listId: string): Promise<PlanListItem[]> {
  const rows = await db
    .selectFrom('list_items as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .select(['i.id', 'i.name', 'i.quantity', 'i.unit', 'i.product_id', 'i.category', 'i.accepts_substitutes', 'i.link_declined'])
    .select([
      'p.id as p_id',
      'p.name as p_name',
      'p.brand as p_brand',
      'p.category as p_category',
      'p.size_value as p_size_value',
      'p.size_unit as p_size_unit',
      'p.created_at as p_created_at',
    ])
    .where('i.list_id', '=', listId)
    .where('i.is_checked', '=', 0)
    .orderBy('i.position')
    .orderBy('i.created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    quantity: r.quantity > 0 ? r.quantity : 1,
    unit: r.unit,
    productId: r.product_id,
    category: r.category,
    acceptsSubstitutes: isFlagSet(r.accepts_substitutes),
    isLinkDeclined: isFlagSet(r.link_declined),
    product:
      r.p_id === null
        ? null
        : {
            id: r.p_id,
            name: r.p_name!,
            brand: r.p_brand,
            category: r.p_category,
            size_value: r.p_size_value,
            size_unit: r.p_size_unit,
            created_at: r.p_created_at!,
          },
  }));
}

export type PlanProductRow = MatchCandidateRow;

/**
 * The given stores ('home': the user's home stores, or every store when they have none), limited to those the
 * shopper may see: another shopper's private store is not. Each carries its currency (null when unknown).
 */
export async function findStores(
  db: Kysely<Database>,
  userId: string,
  ids: string[] | 'home',
): Promise<(PlanStoreRow & { currency: string | null })[]> {
  if (ids !== 'home' && ids.length === 0) return [];
  const homeIds = db.selectFrom('user_home_stores').select('store_id').where('user_id', '=', userId);
  return db
    .selectFrom('store_locations')
    .where((eb) => isVisibleTo(eb, userId))
    .where((eb) =>
      ids === 'home' ? eb.or([eb('store_locations.id', 'in', homeIds), eb.not(eb.exists(homeIds))]) : eb('store_locations.id', 'in', ids),
    )
    .leftJoin('store_chains', 'store_chains.id', 'store_locations.chain_id')
    .select([
      'store_locations.id',
      'store_locations.name',
      'store_chains.name as chainName',
      'store_locations.address',
      'store_locations.currency',
    ])
    .orderBy('store_locations.name')
    .execute();
}

/** The currency the shopper's money is shown and compared in (their preference). */
export async function findShopperCurrency(db: Kysely<Database>, userId: string): Promise<string> {
  const row = await db.selectFrom('profiles').select('currency').where('id', '=', userId).executeTakeFirst();
  return row?.currency ?? 'USD';
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
