// Writes one chunk of a file's records in one short transaction: prices only where they changed (an unchanged
// daily file adds no history row), promotions replaced as published.
import type { Kysely, Transaction } from 'kysely';
import { createId, nowIso, toFlag } from '../../db/ids';
import type { Database } from '../../db/schema';
import type { FeedCatalogue } from './feed-catalogue';
import type { FeedPrice, FeedPromotion, FeedRecord } from './price-source';

type Db = Kysely<Database> | Transaction<Database>;

export interface ChunkCounts {
  written: number;
  unchanged: number;
  productIds: string[];
}

async function latestFeedPrices(db: Db, storeId: string, productIds: string[], source: string) {
  const rows = await db
    .selectFrom('price_observations')
    .select(['product_id', 'kind', 'unit_price_cents', 'currency', 'observed_on'])
    .where('store_id', '=', storeId)
    .where('product_id', 'in', productIds)
    .where('source', '=', source)
    .execute();
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const key = `${row.product_id}|${row.kind}`;
    const seen = latest.get(key);
    if (!seen || seen.observed_on < row.observed_on) latest.set(key, row);
  }
  return latest;
}

async function writePrices(db: Db, catalogue: FeedCatalogue, prices: FeedPrice[], source: string): Promise<ChunkCounts> {
  const byStore = new Map<string, { price: FeedPrice; productId: string }[]>();
  const productIds: string[] = [];
  for (const price of prices) {
    const store = catalogue.cachedStore(price.storeRef);
    if (!store) throw new Error(`A price names store ${price.storeRef}, which the file never introduced`);
    const productId = await catalogue.resolveProduct(db, price.product, store.chainId);
    productIds.push(productId);
    const list = byStore.get(store.id) ?? [];
    list.push({ price, productId });
    byStore.set(store.id, list);
  }
  let written = 0;
  let unchanged = 0;
  const now = nowIso();
  for (const [storeId, rows] of byStore) {
    const latest = await latestFeedPrices(db, storeId, [...new Set(rows.map((r) => r.productId))], source);
    const values = [];
    for (const { price, productId } of rows) {
      const previous = latest.get(`${productId}|${price.kind}`);
      if (previous && previous.unit_price_cents === price.priceMinor && previous.currency === price.currency) {
        unchanged += 1;
        continue;
      }
      values.push({
        id: createId(),
        product_id: productId,
        store_id: storeId,
        observed_on: price.observedOn,
        unit_price_cents: price.priceMinor,
        size_value: null,
        size_unit: null,
        is_deal: toFlag(price.kind !== 'regular'),
        kind: price.kind,
        currency: price.currency,
        source,
        source_id: price.storeRef,
        user_id: null,
        created_at: now,
      });
    }
    for (let i = 0; i < values.length; i += 200)
      await db
        .insertInto('price_observations')
        .values(values.slice(i, i + 200))
        .execute();
    written += values.length;
  }
  return { written, unchanged, productIds };
}

async function writePromotion(db: Db, catalogue: FeedCatalogue, promotion: FeedPromotion, source: string): Promise<void> {
  const store = catalogue.cachedStore(promotion.storeRef);
  if (!store) throw new Error(`Promotion ${promotion.promotionId} names store ${promotion.storeRef}, which the file never introduced`);
  const productIds = new Set<string>();
  for (const product of promotion.products)
    productIds.add(
      await catalogue.resolveProduct(db, { ...product, name: product.name || product.internalCode || product.gtin || '' }, store.chainId),
    );
  const fields = {
    description: promotion.description,
    min_quantity: promotion.minQuantity,
    discounted_price_minor: promotion.discountedPriceMinor,
    discount_rate: promotion.discountRate,
    min_purchase_minor: promotion.minPurchaseMinor,
    is_club_only: toFlag(promotion.isClubOnly),
    club_ids: JSON.stringify(promotion.clubIds ?? []),
    is_coupon: toFlag(promotion.isCoupon),
    valid_from: promotion.validFrom,
    valid_to: promotion.validTo,
    currency: promotion.currency,
    source,
    updated_at: nowIso(),
  };
  const existing = await db
    .selectFrom('promotions')
    .select('id')
    .where('store_id', '=', store.id)
    .where('source_promotion_id', '=', promotion.promotionId)
    .executeTakeFirst();
  const id = existing?.id ?? createId();
  if (existing) {
    await db.updateTable('promotions').set(fields).where('id', '=', id).execute();
    await db.deleteFrom('promotion_products').where('promotion_id', '=', id).execute();
  } else {
    await db
      .insertInto('promotions')
      .values({ id, store_id: store.id, source_promotion_id: promotion.promotionId, ...fields })
      .execute();
  }
  if (productIds.size > 0)
    await db
      .insertInto('promotion_products')
      .values([...productIds].map((product_id) => ({ promotion_id: id, product_id })))
      .execute();
}

/** Writes a chunk; stores first, so the chunk's prices and promotions find them. */
export async function writeFeedChunk(db: Db, catalogue: FeedCatalogue, records: FeedRecord[], source: string): Promise<ChunkCounts> {
  for (const record of records) if (record.type === 'store') await catalogue.resolveStore(db, record.store);
  const prices = records.flatMap((r) => (r.type === 'price' ? [r.price] : []));
  const counts = prices.length > 0 ? await writePrices(db, catalogue, prices, source) : { written: 0, unchanged: 0, productIds: [] };
  for (const record of records) if (record.type === 'promotion') await writePromotion(db, catalogue, record.promotion, source);
  return counts;
}
