import type { Kysely, Selectable } from 'kysely';
import { buildRoutePath, calculatePercentOff, dealsApi, type TDeal, type TDealStatus } from '@cartwise/contracts';
import type { Database, DealsTable, StoreChainsTable, StoreLocationsTable } from '../../db/schema';
import { isVisibleTo } from '../stores';

export type Db = Kysely<Database>;

/** A deal joined with its store and chain (null without a store), as every read in this feature returns it. */
export type DealRow = Omit<Selectable<DealsTable>, 'moderated_by' | 'moderated_at' | 'updated_at'> & {
  store_name: Selectable<StoreLocationsTable>['name'] | null;
  store_city: Selectable<StoreLocationsTable>['city'] | null;
  chain_name: Selectable<StoreChainsTable>['name'] | null;
};

export function selectDeals(db: Db) {
  return db
    .selectFrom('deals as d')
    .leftJoin('store_locations as s', 's.id', 'd.store_id')
    .leftJoin('store_chains as c', 'c.id', 's.chain_id')
    .select([
      'd.id',
      'd.submitted_by',
      'd.title',
      'd.description',
      'd.sale_price_cents',
      'd.original_price_cents',
      'd.store_id',
      'd.product_id',
      'd.category',
      'd.starts_on',
      'd.ends_on',
      'd.status',
      'd.rejection_reason',
      'd.is_possible_duplicate',
      'd.photo_key',
      'd.created_at',
      's.name as store_name',
      's.city as store_city',
      'c.name as chain_name',
    ]);
}

/** Approved and running on `date`: started (or no start) and not yet ended (or no end). */
export function selectActiveDeals(db: Db, date: string) {
  return selectDeals(db)
    .where('d.status', '=', 'approved')
    .where((eb) => eb.or([eb('d.starts_on', 'is', null), eb('d.starts_on', '<=', date)]))
    .where((eb) => eb.or([eb('d.ends_on', 'is', null), eb('d.ends_on', '>=', date)]));
}

/** The categories of the deals running on `date`, sorted, each once. */
export async function listActiveDealCategories(db: Db, date: string): Promise<string[]> {
  const rows = await db
    .selectFrom('deals as d')
    .select('d.category')
    .distinct()
    .where('d.status', '=', 'approved')
    .where('d.category', 'is not', null)
    .where((eb) => eb.or([eb('d.starts_on', 'is', null), eb('d.starts_on', '<=', date)]))
    .where((eb) => eb.or([eb('d.ends_on', 'is', null), eb('d.ends_on', '>=', date)]))
    .execute();
  return rows.flatMap((r) => (r.category ? [r.category] : [])).sort();
}

export function findDealRow(db: Db, id: string): Promise<DealRow | undefined> {
  return selectDeals(db).where('d.id', '=', id).executeTakeFirst();
}

function toStatus(value: string): TDealStatus {
  return value === 'approved' || value === 'rejected' ? value : 'pending';
}

export function toDealDto(row: DealRow, viewerId: string | null): TDeal {
  const original = row.original_price_cents === null ? null : row.original_price_cents / 100;
  const sale = row.sale_price_cents / 100;
  return {
    id: row.id,
    productName: row.title,
    description: row.description,
    originalPrice: original,
    salePrice: sale,
    percentOff: original === null ? 0 : Math.max(0, calculatePercentOff(original, sale)),
    startDate: row.starts_on,
    endDate: row.ends_on,
    store: row.store_id ? { id: row.store_id, name: row.store_name ?? '', chainName: row.chain_name, city: row.store_city ?? '' } : null,
    productId: row.product_id,
    category: row.category,
    status: toStatus(row.status),
    rejectionReason: row.rejection_reason,
    isMine: viewerId !== null && row.submitted_by === viewerId,
    photoUrl: row.photo_key ? buildRoutePath(dealsApi.photo, { id: row.id }) : null,
    createdAt: row.created_at,
  };
}

/**
 * A case-insensitive "contains" pattern for `lower(col) like ?`. Wildcards in the text are dropped rather than
 * escaped because SQLite and PostgreSQL disagree on LIKE's default escape character.
 */
export function toContainsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, '')}%`;
}

/** The stores a shopper may pick for a deal: never another shopper's private store typed on their own receipts. */
export async function listStores(db: Db, userId: string) {
  return db
    .selectFrom('store_locations')
    .leftJoin('store_chains as c', 'c.id', 'store_locations.chain_id')
    .select(['store_locations.id', 'store_locations.name', 'store_locations.city', 'c.name as chain_name'])
    .where((eb) => isVisibleTo(eb, userId))
    .orderBy('c.name')
    .orderBy('store_locations.name')
    .limit(1000)
    .execute();
}

export async function listProducts(db: Db, q: string | undefined) {
  let query = db.selectFrom('products').select(['id', 'name', 'category']).orderBy('name').limit(50);
  if (q) query = query.where((eb) => eb(eb.fn('lower', ['name']), 'like', toContainsPattern(q)));
  return query.execute();
}
