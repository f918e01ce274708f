import { sql, type Kysely, type SqlBool } from 'kysely';
import { KM_PER_DEGREE_OF_LATITUDE } from '@cartwise/contracts/domain/geo';
import type { Database } from '../../db/schema';
import { isFlagSet } from '../../db/ids';
import { memberHouseholdIds } from '../households';
import type { MatchCandidateRow } from '../products';
import { isVisibleTo } from '../stores';

/** A profile without a currency prices in this one. */
const DEFAULT_CURRENCY = 'USD';

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

/** A candidate store as the plan uses it: its trip cost (a visit, the km from home, or an online store's delivery). */
export interface PlanStoreRow {
  id: string;
  name: string;
  chainName: string | null;
  address: string;
  tripCostCents: number;
  /** A plan buys at least this here or does not use the store. */
  minOrderCents: number | null;
  isOnline: boolean;
  distanceKm: number | null;
}

/** A store as read, before the shopper's travel settings turn it into a PlanStoreRow. */
export interface StoreRow {
  id: string;
  name: string;
  chainName: string | null;
  address: string;
  currency: string | null;
  lat: number | null;
  lon: number | null;
  is_online: number;
  delivery_fee_cents: number | null;
  min_order_cents: number | null;
}

export interface OwnedList {
  id: string;
  name: string;
  user_id: string;
  household_id: string | null;
}

/**
 * The user's own list or one of their household's (the same rule as the lists feature), with its items still to buy
 * (checked-off items are already in the basket), each with the product it links to, if any; null when the list is
 * not theirs. One statement: the list left-joined to its open items, so an empty list is still one row.
 */
export async function findOwnedListWithItems(
  db: Kysely<Database>,
  listId: string,
  userId: string,
): Promise<{ list: OwnedList; items: PlanListItem[] } | null> {
  const rows = await db
    .selectFrom('shopping_lists as l')
    .leftJoin('list_items as i', (join) => join.onRef('i.list_id', '=', 'l.id').on('i.is_checked', '=', 0))
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .select(['l.id as list_id', 'l.name as list_name', 'l.user_id as list_user_id', 'l.household_id as list_household_id'])
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
    .where('l.id', '=', listId)
    .where((eb) =>
      eb.or([
        eb.and([eb('l.household_id', 'is', null), eb('l.user_id', '=', userId)]),
        eb('l.household_id', 'in', memberHouseholdIds(db, userId)),
      ]),
    )
    .orderBy('i.position')
    .orderBy('i.created_at')
    .execute();
  const [first] = rows;
  if (!first) return null;
  const list = { id: first.list_id, name: first.list_name, user_id: first.list_user_id, household_id: first.list_household_id };
  const items = rows.flatMap((r): PlanListItem[] =>
    r.id === null
      ? []
      : [
          {
            id: r.id,
            name: r.name!,
            quantity: r.quantity! > 0 ? r.quantity! : 1,
            unit: r.unit,
            productId: r.product_id,
            category: r.category,
            acceptsSubstitutes: isFlagSet(r.accepts_substitutes!),
            isLinkDeclined: isFlagSet(r.link_declined!),
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
          },
        ],
  );
  return { list, items };
}

export type PlanProductRow = MatchCandidateRow;

/** The given stores, limited to those the shopper may see: another shopper's private store is not. */
export async function findStores(db: Kysely<Database>, userId: string, ids: string[]): Promise<StoreRow[]> {
  if (ids.length === 0) return [];
  return selectVisibleStores(db, userId).where('store_locations.id', 'in', ids).orderBy('store_locations.name').execute();
}

/**
 * The stores a plan may compare when the shopper names none, narrowed in the database so a plan never reads every
 * store of a national price feed: with a home point and a radius, the home stores, the online ones and those in the
 * radius's band of latitude; otherwise the home stores, or every store when there are none; each in the shopper's
 * currency or of unknown currency. That is a superset of what chooseDefaultStores (plan-stores.ts) keeps, which
 * then applies the exact distance.
 */
export async function findDefaultPlanStores(db: Kysely<Database>, userId: string): Promise<StoreRow[]> {
  const degreesPerKm = 1 / KM_PER_DEGREE_OF_LATITUDE;
  return selectVisibleStores(db, userId)
    .where((eb) => {
      const profile = eb.selectFrom('profiles').where('profiles.id', '=', userId);
      const hasRadius = eb.exists(
        profile
          .select('profiles.id')
          .where('profiles.home_lat', 'is not', null)
          .where('profiles.home_lon', 'is not', null)
          .where('profiles.store_radius_km', 'is not', null),
      );
      const homeIds = eb.selectFrom('user_home_stores').select('user_home_stores.store_id').where('user_home_stores.user_id', '=', userId);
      // A store off the band is farther than the radius: the band's half-width is the radius in degrees of latitude.
      const inBand = sql<SqlBool>`store_locations.lat BETWEEN
        (SELECT home_lat - store_radius_km * ${degreesPerKm} FROM profiles WHERE id = ${userId}) AND
        (SELECT home_lat + store_radius_km * ${degreesPerKm} FROM profiles WHERE id = ${userId})`;
      const currency = profile.select((p) => p.fn.coalesce('profiles.currency', sql.lit(DEFAULT_CURRENCY)).as('currency'));
      return eb.and([
        eb.or([eb('store_locations.currency', 'is', null), eb('store_locations.currency', '=', currency)]),
        eb.or([
          eb('store_locations.id', 'in', homeIds),
          eb.and([hasRadius, eb.or([eb('store_locations.is_online', '=', 1), inBand])]),
          eb.and([eb.not(hasRadius), eb.not(eb.exists(homeIds))]),
        ]),
      ]);
    })
    .orderBy('store_locations.name')
    .execute();
}

function selectVisibleStores(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('store_locations')
    .where((eb) => isVisibleTo(eb, userId))
    .leftJoin('store_chains', 'store_chains.id', 'store_locations.chain_id')
    .select([
      'store_locations.id',
      'store_locations.name',
      'store_chains.name as chainName',
      'store_locations.address',
      'store_locations.currency',
      'store_locations.lat',
      'store_locations.lon',
      'store_locations.is_online',
      'store_locations.delivery_fee_cents',
      'store_locations.min_order_cents',
    ]);
}

/** The shopper's settings that decide which stores a plan compares and what reaching each costs. */
export async function findTravelProfile(db: Kysely<Database>, userId: string) {
  const row = await db
    .selectFrom('profiles')
    .select(['currency', 'trip_cost_cents', 'home_lat', 'home_lon', 'store_radius_km', 'trip_cost_per_km_cents'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return {
    currency: row?.currency ?? DEFAULT_CURRENCY,
    tripCostCents: row ? Number(row.trip_cost_cents) : 0,
    home: row && row.home_lat !== null && row.home_lon !== null ? { lat: Number(row.home_lat), lon: Number(row.home_lon) } : null,
    radiusKm: row?.store_radius_km == null ? null : Number(row.store_radius_km),
    costPerKmCents: row?.trip_cost_per_km_cents == null ? null : Number(row.trip_cost_per_km_cents),
  };
}
export type TravelProfile = Awaited<ReturnType<typeof findTravelProfile>>;

export async function findHomeStoreIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_home_stores').select('store_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.store_id);
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
