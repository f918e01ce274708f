import type { TPriceObservation, TProductHistory, TStorePriceSummary } from '@cartwise/contracts';
import { convertToBaseUnit, type SizeUnit, addDaysTo, toIsoDay } from '@cartwise/contracts';
import { SIZE_UNITS } from '@cartwise/contracts';
import { isFlagSet } from '../../db/ids';
import { notFound } from '../../http/errors';
import { listOwnPendingReports } from './shelf-prices.service';
import { findVisibleProduct, toProductDto, type Db } from './products.repo';

const RECENT_DAYS = 90;

function isSizeUnit(unit: string | null): unit is SizeUnit {
  return unit !== null && (SIZE_UNITS as readonly string[]).includes(unit);
}

/** Price per 100 g, per litre or per item, so a 2 l bottle and a 500 ml one compare fairly. */
function toComparablePrice(unitPrice: number, sizeValue: number | null, sizeUnit: string | null): TPriceObservation['comparablePrice'] {
  if (sizeValue === null || !(sizeValue > 0) || !isSizeUnit(sizeUnit)) return null;
  const base = convertToBaseUnit({ amount: sizeValue, unit: sizeUnit });
  if (!(base.amount > 0)) return null;
  const [factor, per] = base.unit === 'g' ? [100, '100 g'] : base.unit === 'ml' ? [1000, 'l'] : [1, 'item'];
  return { amount: Math.round((unitPrice / base.amount) * factor * 100) / 100, per };
}

/**
 * What a viewer may see of a product's prices: their own observations as they are; other shoppers' only at public
 * stores and only as community figures (one per store, day and price, no id or source that leads to a receipt);
 * observations no shopper made (imports, deals) at public stores.
 */
function toVisibleObservations<
  T extends {
    id: string;
    store_id: string;
    observed_on: string;
    unit_price_cents: number;
    is_deal: number;
    source: string;
    user_id: string | null;
    is_public: number;
  },
>(rows: T[], viewerId: string): T[] {
  const shown: T[] = [];
  const community = new Map<string, T>();
  for (const row of rows) {
    if (row.user_id === viewerId) shown.push(row);
    else if (Number(row.is_public) !== 1) continue;
    else if (row.user_id === null) shown.push(row);
    else {
      const key = `${row.store_id}:${row.observed_on}:${row.unit_price_cents}`;
      const seen = community.get(key);
      if (seen) seen.is_deal = Math.max(Number(seen.is_deal), Number(row.is_deal));
      else {
        const entry = { ...row, id: `community:${key}`, source: 'community', user_id: null };
        community.set(key, entry);
        shown.push(entry);
      }
    }
  }
  return shown;
}

function toPriceKind(kind: string | undefined): TPriceObservation['kind'] {
  return kind === 'promotion' || kind === 'loyalty' ? kind : 'regular';
}

export async function getProductHistory(db: Db, productId: string, viewerId: string, today = new Date()): Promise<TProductHistory> {
  const product = await findVisibleProduct(db, productId, viewerId);
  if (!product) throw notFound('Product');
  const rows = await db
    .selectFrom('price_observations')
    .innerJoin('store_locations', 'store_locations.id', 'price_observations.store_id')
    .select([
      'price_observations.id',
      'price_observations.store_id',
      'store_locations.name as store_name',
      'price_observations.observed_on',
      'price_observations.unit_price_cents',
      'price_observations.size_value',
      'price_observations.size_unit',
      'price_observations.is_deal',
      'price_observations.source',
      'price_observations.currency',
      'price_observations.kind',
      'price_observations.user_id',
      'store_locations.is_public',
      'store_locations.source_ref',
    ])
    .where('price_observations.product_id', '=', productId)
    .where((eb) => eb.or([eb('store_locations.is_public', '=', 1), eb('price_observations.user_id', '=', viewerId)]))
    .orderBy('price_observations.observed_on')
    .orderBy('price_observations.created_at')
    .limit(1000)
    .execute();
  const shared: TPriceObservation[] = toVisibleObservations(rows, viewerId).map((row) => {
    const unitPrice = Number(row.unit_price_cents) / 100;
    return {
      id: row.id,
      storeId: row.store_id,
      storeName: row.store_name,
      date: row.observed_on,
      unitPrice,
      isDeal: isFlagSet(row.is_deal),
      source: row.source,
      currency: row.currency ?? null,
      kind: toPriceKind(row.kind),
      comparablePrice: toComparablePrice(
        unitPrice,
        row.size_value === null ? product.size_value : Number(row.size_value),
        row.size_unit ?? product.size_unit,
      ),
    };
  });
  const refByStore = new Map(rows.map((row) => [row.store_id, row.source_ref ?? null]));
  // The viewer's own shelf prices count for them at once, before anyone confirms them.
  const ownPending: TPriceObservation[] = (await listOwnPendingReports(db, viewerId, productId)).map((row) => {
    const unitPrice = Number(row.unit_price_cents) / 100;
    return {
      id: row.id,
      storeId: row.store_id,
      storeName: row.store_name,
      date: row.observed_on,
      unitPrice,
      isDeal: false,
      source: 'shelf-pending',
      currency: row.currency,
      kind: 'regular',
      comparablePrice: toComparablePrice(unitPrice, product.size_value, product.size_unit),
    };
  });
  const observations = ownPending.length === 0 ? shared : [...shared, ...ownPending].sort((a, b) => a.date.localeCompare(b.date));
  const byStore = new Map<string, TStorePriceSummary>();
  for (const observation of observations) {
    const summary = byStore.get(observation.storeId);
    if (!summary) {
      byStore.set(observation.storeId, {
        storeId: observation.storeId,
        storeName: observation.storeName,
        storeRef: refByStore.get(observation.storeId) ?? null,
        currency: observation.currency,
        latestPrice: observation.unitPrice,
        latestDate: observation.date,
        lowestPrice: observation.unitPrice,
        observationCount: 1,
      });
      continue;
    }
    summary.observationCount += 1;
    summary.lowestPrice = Math.min(summary.lowestPrice, observation.unitPrice);
    if (observation.date >= summary.latestDate) {
      summary.latestDate = observation.date;
      summary.latestPrice = observation.unitPrice;
    }
  }
  const since = toIsoDay(addDaysTo(today, -RECENT_DAYS));
  const recent = observations.filter((observation) => observation.date >= since);
  const pool = recent.length > 0 ? recent : observations.slice(-1);
  const cheapestRecent = pool.reduce<TPriceObservation | null>(
    (best, next) => (!best || next.unitPrice < best.unitPrice ? next : best),
    null,
  );
  return {
    product: toProductDto(product),
    observations,
    stores: [...byStore.values()].sort((a, b) => a.latestPrice - b.latestPrice),
    cheapestRecent,
  };
}
