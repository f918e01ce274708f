// What the prices cover for an area and a basket. "Has a price at a store" reads the maintained per-store summary
// (price_summaries), probed by its (store, product) key in chunks, so a national catalogue stays cheap to ask.
import type { TPriceCoverage } from '@cartwise/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../app-types';
import { getListDetail } from '../lists';

const DEFAULT_RADIUS_KM = 10;
const TOP_PRODUCTS = 100;
const CHUNK = 300;
const EARTH_RADIUS_KM = 6371;

export interface CoverageArea {
  city?: string;
  zipCode?: string;
  lat?: number;
  lon?: number;
  radiusKm?: number;
  storeIds?: string[];
}

type AreaKind = TPriceCoverage['area'];

function chunk<T>(items: T[]): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) chunks.push(items.slice(i, i + CHUNK));
  return chunks;
}

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The public stores of the area and how the area was chosen. */
async function findAreaStores(deps: Deps<'db'>, area: CoverageArea): Promise<{ kind: AreaKind; storeIds: string[] }> {
  let query = deps.db.selectFrom('store_locations').select(['id', 'lat', 'lon']).where('is_public', '=', 1);
  if (area.storeIds) {
    const ids = [...new Set(area.storeIds)];
    if (ids.length === 0) return { kind: 'stores', storeIds: [] };
    const rows = await Promise.all(chunk(ids).map((part) => query.where('id', 'in', part).execute()));
    return { kind: 'stores', storeIds: rows.flat().map((row) => row.id) };
  }
  if (area.lat !== undefined && area.lon !== undefined) {
    const { lat, lon } = area;
    const radius = area.radiusKm ?? DEFAULT_RADIUS_KM;
    const dLat = radius / 111;
    const dLon = radius / Math.max(1, 111 * Math.cos((lat * Math.PI) / 180));
    const rows = await query
      .where('lat', '>=', lat - dLat)
      .where('lat', '<=', lat + dLat)
      .where('lon', '>=', lon - dLon)
      .where('lon', '<=', lon + dLon)
      .execute();
    const near = rows.filter((row) => row.lat !== null && row.lon !== null && distanceKm(lat, lon, row.lat, row.lon) <= radius);
    return { kind: 'point', storeIds: near.map((row) => row.id) };
  }
  let kind: AreaKind = 'everywhere';
  if (area.city) {
    kind = 'city';
    query = query.where(sql<string>`lower(city)`, '=', area.city.toLowerCase());
  } else if (area.zipCode) {
    // Stores keep their postal code in the address line.
    kind = 'zip';
    query = query.where('address', 'like', `%${area.zipCode}%`);
  }
  return { kind, storeIds: (await query.execute()).map((row) => row.id) };
}

/** The 100 products bought most often on the instance's receipts. */
async function findTopProducts(deps: Deps<'db'>): Promise<string[]> {
  const rows = await deps.db
    .selectFrom('receipt_items')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('bought')])
    .where('product_id', 'is not', null)
    .groupBy('product_id')
    .orderBy('bought', 'desc')
    .orderBy('product_id')
    .limit(TOP_PRODUCTS)
    .execute();
  return rows.flatMap((row) => (row.product_id ? [row.product_id] : []));
}

/** Of the stores, those with at least one price. */
async function countPricedStores(deps: Deps<'db'>, storeIds: string[]): Promise<number> {
  let priced = 0;
  for (const part of chunk(storeIds)) {
    const rows = await deps.db
      .selectFrom('store_locations')
      .select('id')
      .where('id', 'in', part)
      .where((eb) =>
        eb.exists(eb.selectFrom('price_summaries').select('store_id').whereRef('price_summaries.store_id', '=', 'store_locations.id')),
      )
      .execute();
    priced += rows.length;
  }
  return priced;
}

/** How many of the area's stores have a price for each product. */
async function countStoresPerProduct(deps: Deps<'db'>, storeIds: string[], productIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (productIds.length === 0) return counts;
  for (const part of chunk(storeIds)) {
    const rows = await deps.db
      .selectFrom('price_summaries')
      .select('product_id')
      .where('store_id', 'in', part)
      .where('product_id', 'in', productIds)
      .execute();
    for (const row of rows) counts.set(row.product_id, (counts.get(row.product_id) ?? 0) + 1);
  }
  return counts;
}

async function measure(
  deps: Deps<'db'>,
  area: { kind: AreaKind; storeIds: string[] },
  basket: { kind: 'list' | 'top'; productIds: string[] },
) {
  const productIds = [...new Set(basket.productIds)];
  const [pricedStores, perProduct] = await Promise.all([
    countPricedStores(deps, area.storeIds),
    countStoresPerProduct(deps, area.storeIds, productIds),
  ]);
  const storeCounts = productIds.map((id) => perProduct.get(id) ?? 0);
  return {
    area: area.kind,
    stores: area.storeIds.length,
    pricedStores,
    basket: {
      kind: basket.kind,
      items: productIds.length,
      atOneStore: storeCounts.filter((count) => count === 1).length,
      atTwoOrMore: storeCounts.filter((count) => count >= 2).length,
      unpriced: storeCounts.filter((count) => count === 0).length,
    },
  } satisfies TPriceCoverage;
}

/** The operator's view: an area (or every store) and the 100 most bought products. */
export async function measureAreaCoverage(deps: Deps<'db'>, area: CoverageArea): Promise<TPriceCoverage> {
  return measure(deps, await findAreaStores(deps, area), { kind: 'top', productIds: await findTopProducts(deps) });
}

const isAreaGiven = (area: CoverageArea) => Boolean(area.city || area.zipCode || area.lat !== undefined || area.storeIds);

/** The shopper's view: the area asked, else their home point and radius, else their home stores; their list or the top 100. */
export async function measureShopperCoverage(
  deps: Deps<'db'>,
  userId: string,
  input: CoverageArea & { listId?: string },
): Promise<TPriceCoverage> {
  let area = isAreaGiven(input) ? await findAreaStores(deps, input) : null;
  if (!area) {
    const profile = await deps.db
      .selectFrom('profiles')
      .select(['home_lat', 'home_lon', 'store_radius_km'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (profile?.home_lat != null && profile.home_lon != null) {
      const near = await findAreaStores(deps, {
        lat: profile.home_lat,
        lon: profile.home_lon,
        radiusKm: profile.store_radius_km ?? undefined,
      });
      area = { kind: 'home', storeIds: near.storeIds };
    } else {
      const homes = await deps.db.selectFrom('user_home_stores').select('store_id').where('user_id', '=', userId).execute();
      area = homes.length > 0 ? { kind: 'home', storeIds: homes.map((row) => row.store_id) } : await findAreaStores(deps, {});
    }
  }
  const basket = input.listId
    ? {
        kind: 'list' as const,
        productIds: (await getListDetail(deps, userId, input.listId)).items.flatMap((item) => (item.product_id ? [item.product_id] : [])),
      }
    : { kind: 'top' as const, productIds: await findTopProducts(deps) };
  return measure(deps, area, basket);
}
