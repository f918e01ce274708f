import type { Db } from './deals.repo';

export interface ActiveDealPrice {
  dealId: string;
  productId: string;
  storeId: string;
  salePriceCents: number;
  originalPriceCents: number | null;
  startsOn: string | null;
  endsOn: string | null;
}

/** Which deals apply on `date` (yyyy-mm-dd): approved, tied to a product and a store, started and not ended. */
export function selectActiveDeals(db: Db, options: { date: string; productIds?: readonly string[]; storeIds?: readonly string[] }) {
  let query = db
    .selectFrom('deals')
    .select(['id', 'product_id', 'store_id', 'sale_price_cents', 'original_price_cents', 'starts_on', 'ends_on'])
    .where('status', '=', 'approved')
    .where('product_id', 'is not', null)
    .where('store_id', 'is not', null)
    .where((eb) => eb.or([eb('starts_on', 'is', null), eb('starts_on', '<=', options.date)]))
    .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', options.date)]));
  if (options.productIds) query = query.where('product_id', 'in', [...options.productIds]);
  if (options.storeIds) query = query.where('store_id', 'in', [...options.storeIds]);
  return query;
}

/**
 * Sale prices that apply on `date` (selectActiveDeals). Used by the split-cart optimiser so a plan for a shopping
 * date uses the sale price. When one product has several deals at one store, only the cheapest is returned.
 */
export async function findActiveDealPrices(
  db: Db,
  options: { date: string; productIds?: readonly string[]; storeIds?: readonly string[] },
): Promise<ActiveDealPrice[]> {
  if (options.productIds?.length === 0 || options.storeIds?.length === 0) return [];
  const query = selectActiveDeals(db, options);
  const rows = await query.orderBy('sale_price_cents').execute();
  const cheapest = new Map<string, ActiveDealPrice>();
  for (const row of rows) {
    if (!row.product_id || !row.store_id) continue;
    const key = `${row.product_id}|${row.store_id}`;
    if (cheapest.has(key)) continue;
    cheapest.set(key, {
      dealId: row.id,
      productId: row.product_id,
      storeId: row.store_id,
      salePriceCents: row.sale_price_cents,
      originalPriceCents: row.original_price_cents,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
    });
  }
  return [...cheapest.values()];
}
