import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createId, isFlagSet, nowIso } from '../../db/ids';
import { findActiveDealPrices } from '../deals/deal-prices';

export interface PriceQuote {
  productId: string;
  storeId: string;
  unitPriceCents: number;
  observedOn: string;
  isDeal: boolean;
  source: 'receipt' | 'deal' | 'import' | string;
}

const key = (productId: string, storeId: string) => `${productId}|${storeId}`;

/**
 * The price to expect for each product at each store on `onDate`: the latest regular (non-deal) observation,
 * unless an approved deal valid that day is cheaper. A past deal price is only used when nothing else is known,
 * because it is not what the shopper will pay now.
 */
export async function findLatestQuotes(
  db: Kysely<Database>,
  input: { productIds: string[]; storeIds: string[]; onDate: string },
): Promise<PriceQuote[]> {
  if (input.productIds.length === 0 || input.storeIds.length === 0) return [];
  const observations = await db
    .selectFrom('price_observations')
    .select(['product_id', 'store_id', 'unit_price_cents', 'observed_on', 'is_deal', 'source'])
    .where('product_id', 'in', input.productIds)
    .where('store_id', 'in', input.storeIds)
    .where('observed_on', '<=', input.onDate)
    .orderBy('observed_on', 'desc')
    .execute();
  const regular = new Map<string, PriceQuote>();
  const fallback = new Map<string, PriceQuote>();
  for (const row of observations) {
    const k = key(row.product_id, row.store_id);
    const quote: PriceQuote = {
      productId: row.product_id,
      storeId: row.store_id,
      unitPriceCents: row.unit_price_cents,
      observedOn: row.observed_on,
      isDeal: isFlagSet(row.is_deal),
      source: row.source,
    };
    if (!quote.isDeal && !regular.has(k)) regular.set(k, quote);
    if (!fallback.has(k)) fallback.set(k, quote);
  }
  const deals = await findActiveDealPrices(db, { date: input.onDate, productIds: input.productIds, storeIds: input.storeIds });
  const best = new Map<string, PriceQuote>();
  for (const [k, quote] of fallback) best.set(k, regular.get(k) ?? quote);
  for (const deal of deals) {
    const k = key(deal.productId, deal.storeId);
    const current = best.get(k);
    if (!current || deal.salePriceCents < current.unitPriceCents) {
      best.set(k, {
        productId: deal.productId,
        storeId: deal.storeId,
        unitPriceCents: deal.salePriceCents,
        observedOn: deal.startsOn ?? input.onDate,
        isDeal: true,
        source: 'deal',
      });
    }
  }
  return [...best.values()];
}

export async function findOrCreateChain(db: Kysely<Database>, name: string): Promise<{ id: string; isNew: boolean }> {
  const existing = await db
    .selectFrom('store_chains')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  if (existing) return { id: existing.id, isNew: false };
  const id = createId();
  await db.insertInto('store_chains').values({ id, name, created_at: nowIso() }).execute();
  return { id, isNew: true };
}

export async function findOrCreateStore(
  db: Kysely<Database>,
  input: { name: string; chainId: string | null; address: string; city: string; createdBy: string | null },
): Promise<{ id: string; isNew: boolean }> {
  let query = db
    .selectFrom('store_locations')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', input.name.toLowerCase()));
  if (input.address) query = query.where((eb) => eb(eb.fn('lower', ['address']), '=', input.address.toLowerCase()));
  const existing = await query.executeTakeFirst();
  if (existing) return { id: existing.id, isNew: false };
  const id = createId();
  await db
    .insertInto('store_locations')
    .values({ id, name: input.name, chain_id: input.chainId, address: input.address, city: input.city, created_by: input.createdBy, created_at: nowIso() })
    .execute();
  return { id, isNew: true };
}

export async function findOrCreateProduct(
  db: Kysely<Database>,
  input: { name: string; brand: string | null; category: string | null; sizeValue: number | null; sizeUnit: string | null },
): Promise<{ id: string; isNew: boolean }> {
  let query = db
    .selectFrom('products')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', input.name.toLowerCase()));
  query = input.brand
    ? query.where((eb) => eb(eb.fn('lower', ['brand']), '=', input.brand!.toLowerCase()))
    : query.where('brand', 'is', null);
  const existing = await query.executeTakeFirst();
  if (existing) return { id: existing.id, isNew: false };
  const id = createId();
  await db
    .insertInto('products')
    .values({
      id,
      name: input.name,
      brand: input.brand,
      category: input.category,
      size_value: input.sizeValue,
      size_unit: input.sizeUnit,
      created_at: nowIso(),
    })
    .execute();
  return { id, isNew: true };
}
