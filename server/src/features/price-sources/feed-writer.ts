// Writes one file's records, a chunk per short transaction: prices only where they differ from the store's price in
// force on their day (its prices read once per file into memory, so an unchanged daily file adds no row and asks
// nothing per row),
// promotions only where their terms or products changed. The per-file state is dropped when the file ends.
import type { Kysely, Transaction } from 'kysely';
import { createOrderedId, nowIso, toFlag } from '../../db/ids';
import type { Database } from '../../db/schema';
import { insertPriceRows, insertRows, selectIn } from './bulk-rows';
import type { FeedCatalogue, ResolvedStore } from './feed-catalogue';
import { LoopSlicer } from './loop-slicer';
import type { FeedPrice, FeedPromotion, FeedRecord } from './price-source';

type Db = Kysely<Database> | Transaction<Database>;

export interface ChunkCounts {
  /** Price rows and promotions written (new or changed). */
  written: number;
  unchanged: number;
  productIds: string[];
}

interface LatestPrice {
  priceMinor: number;
  currency: string | null;
  observedOn: string;
}

/** A store's prices from one source per `${productId}|${kind}`, each list in date order. */
type StorePrices = Map<string, LatestPrice[]>;

/**
 * Whether a price is already what the history says for its day: a row of that day at that price, or else the last
 * row before it at that price. A daily file that changes nothing, a file read again, and a dump or an API page of
 * past observations in any order add nothing then.
 */
function isKnownPrice(history: readonly LatestPrice[], price: LatestPrice): boolean {
  const isSame = (row: LatestPrice): boolean => row.priceMinor === price.priceMinor && row.currency === price.currency;
  let at = history.length - 1;
  while (at >= 0 && history[at]!.observedOn > price.observedOn) at -= 1;
  for (let day = at; day >= 0 && history[day]!.observedOn === price.observedOn; day -= 1) if (isSame(history[day]!)) return true;
  return at >= 0 && isSame(history[at]!);
}

/** Puts the price in its date order (after the rows of its day). */
function insertByDay(history: LatestPrice[], price: LatestPrice): void {
  let at = history.length;
  while (at > 0 && history[at - 1]!.observedOn > price.observedOn) at -= 1;
  history.splice(at, 0, price);
}

interface KnownPromotion {
  id: string;
  signature: string;
}

const PRICE_COLUMNS = [
  'id',
  'product_id',
  'store_id',
  'observed_on',
  'unit_price_cents',
  'size_value',
  'size_unit',
  'is_deal',
  'kind',
  'currency',
  'source',
  'source_id',
  'user_id',
  'created_at',
] as const;

// The published terms, in the order the signature and the INSERT take them.
const PROMOTION_FIELDS = [
  'description',
  'min_quantity',
  'discounted_price_minor',
  'discount_rate',
  'min_purchase_minor',
  'is_club_only',
  'club_ids',
  'is_coupon',
  'valid_from',
  'valid_to',
  'currency',
  'source',
] as const;

const PROMOTION_COLUMNS = ['id', 'store_id', 'source_promotion_id', ...PROMOTION_FIELDS, 'updated_at'] as const;

export interface FileChanges {
  createdPromotionIds: Set<string>;
  /** Promotion id -> its signature before this file replaced its terms (readPromotionSignature gives them back). */
  replacedPromotions: Map<string, string>;
}

/** A promotion's published terms and products, to tell an unchanged one from a changed one. */
function signPromotion(fields: readonly unknown[], productIds: readonly string[]): string {
  return JSON.stringify([fields, [...productIds].sort()]);
}

/** The promotion columns and products a signature was made of. */
export function readPromotionSignature(signature: string): { values: Record<string, unknown>; productIds: string[] } {
  const [fields, productIds] = JSON.parse(signature) as [unknown[], string[]];
  return { values: Object.fromEntries(PROMOTION_FIELDS.map((field, i) => [field, fields[i]])), productIds };
}

export class FeedFileWriter {
  private readonly pricesByStore = new Map<string, StorePrices>();
  private readonly promotions = new Map<string, Map<string, KnownPromotion>>();
  /** What the file changed beyond its new price rows, so a file that fails part-way can be undone. */
  readonly changes: FileChanges = { createdPromotionIds: new Set(), replacedPromotions: new Map() };

  constructor(
    private readonly catalogue: FeedCatalogue,
    private readonly source: string,
  ) {}

  /** Writes a chunk; stores first, so the chunk's prices and promotions find them. */
  async writeChunk(db: Db, records: readonly FeedRecord[]): Promise<ChunkCounts> {
    const prices: FeedPrice[] = [];
    const promotions: FeedPromotion[] = [];
    for (const record of records) {
      if (record.type === 'store') await this.catalogue.resolveStore(db, record.store);
      else if (record.type === 'price') prices.push(record.price);
      else promotions.push(record.promotion);
    }
    const counts = prices.length > 0 ? await this.writePrices(db, prices) : { written: 0, unchanged: 0, productIds: [] };
    if (promotions.length > 0) counts.written += await this.writePromotions(db, promotions);
    return counts;
  }

  /** The stores whose prices this file compared (and may have written). */
  pricedStoreIds(): string[] {
    return [...this.pricesByStore.keys()];
  }

  private storeOf(storeRef: string, what: string): ResolvedStore {
    const store = this.catalogue.cachedStore(storeRef);
    if (!store) throw new Error(`${what} names store ${storeRef}, which the file never introduced`);
    return store;
  }

  /** The store's prices from this source, read once per file. */
  private async pricesOf(db: Db, storeId: string): Promise<StorePrices> {
    const known = this.pricesByStore.get(storeId);
    if (known) return known;
    const rows = await db
      .selectFrom('price_observations')
      .select(['product_id', 'kind', 'unit_price_cents', 'currency', 'observed_on'])
      .where('store_id', '=', storeId)
      .where('source', '=', this.source)
      .orderBy('observed_on')
      .execute();
    const prices: StorePrices = new Map();
    const slicer = new LoopSlicer();
    for (const row of rows) {
      if (slicer.isDue()) await slicer.giveWay();
      const key = `${row.product_id}|${row.kind ?? 'regular'}`;
      const history = prices.get(key) ?? [];
      history.push({ priceMinor: row.unit_price_cents, currency: row.currency ?? null, observedOn: row.observed_on });
      prices.set(key, history);
    }
    this.pricesByStore.set(storeId, prices);
    return prices;
  }

  private async writePrices(db: Db, prices: FeedPrice[]): Promise<ChunkCounts> {
    const stores = prices.map((price) => this.storeOf(price.storeRef, 'A price'));
    const productIds = await this.catalogue.resolveProducts(
      db,
      prices.map((price, i) => ({ product: price.product, chainId: stores[i]!.chainId })),
    );
    const rows: unknown[][] = [];
    let unchanged = 0;
    const now = nowIso();
    const slicer = new LoopSlicer();
    for (const [i, price] of prices.entries()) {
      if (slicer.isDue()) await slicer.giveWay();
      const storeId = stores[i]!.id;
      const productId = productIds[i]!;
      const prices = await this.pricesOf(db, storeId);
      const key = `${productId}|${price.kind}`;
      const history = prices.get(key) ?? [];
      const dated = { priceMinor: price.priceMinor, currency: price.currency, observedOn: price.observedOn };
      if (isKnownPrice(history, dated)) {
        unchanged += 1;
        continue;
      }
      insertByDay(history, dated);
      prices.set(key, history);
      rows.push([
        createOrderedId(),
        productId,
        storeId,
        price.observedOn,
        price.priceMinor,
        null,
        null,
        toFlag(price.kind !== 'regular'),
        price.kind,
        price.currency,
        this.source,
        price.storeRef,
        null,
        now,
      ]);
    }
    await insertPriceRows(db, PRICE_COLUMNS, rows);
    return { written: rows.length, unchanged, productIds };
  }

  /** The store's promotions from earlier runs with their signatures, read once per file. */
  private async promotionsOf(db: Db, storeId: string): Promise<Map<string, KnownPromotion>> {
    const known = this.promotions.get(storeId);
    if (known) return known;
    const rows = await db.selectFrom('promotions').selectAll().where('store_id', '=', storeId).execute();
    const products = await selectIn(
      rows.map((row) => row.id),
      (ids) => db.selectFrom('promotion_products').select(['promotion_id', 'product_id']).where('promotion_id', 'in', ids).execute(),
    );
    const productsOf = new Map<string, string[]>();
    for (const row of products) {
      const ids = productsOf.get(row.promotion_id);
      if (ids) ids.push(row.product_id);
      else productsOf.set(row.promotion_id, [row.product_id]);
    }
    const map = new Map<string, KnownPromotion>();
    const slicer = new LoopSlicer();
    for (const row of rows) {
      if (slicer.isDue()) await slicer.giveWay();
      const fields = PROMOTION_FIELDS.map((field) => row[field]);
      map.set(row.source_promotion_id, { id: row.id, signature: signPromotion(fields, productsOf.get(row.id) ?? []) });
    }
    this.promotions.set(storeId, map);
    return map;
  }

  /** Writes the new and changed promotions; returns how many. */
  private async writePromotions(db: Db, promotions: FeedPromotion[]): Promise<number> {
    const stores = promotions.map((promotion) => this.storeOf(promotion.storeRef, `Promotion ${promotion.promotionId}`));
    const wanted = promotions.flatMap((promotion, i) =>
      promotion.products.map((product) => ({
        product: { ...product, name: product.name || product.internalCode || product.gtin || '' },
        chainId: stores[i]!.chainId,
      })),
    );
    const resolved = await this.catalogue.resolveProducts(db, wanted);
    const now = nowIso();
    const inserts: unknown[][] = [];
    const productRows: unknown[][] = [];
    const replaced: string[] = [];
    let next = 0;
    const slicer = new LoopSlicer();
    for (const [i, promotion] of promotions.entries()) {
      if (slicer.isDue()) await slicer.giveWay();
      const storeId = stores[i]!.id;
      const productIds = [...new Set(resolved.slice(next, next + promotion.products.length))];
      next += promotion.products.length;
      const values = {
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
        source: this.source,
      };
      const fields = PROMOTION_FIELDS.map((field) => values[field]);
      const signature = signPromotion(fields, productIds);
      const known = await this.promotionsOf(db, storeId);
      const existing = known.get(promotion.promotionId);
      if (existing?.signature === signature) continue;
      const id = existing?.id ?? createOrderedId();
      known.set(promotion.promotionId, { id, signature });
      if (!existing) this.changes.createdPromotionIds.add(id);
      else if (!this.changes.createdPromotionIds.has(id) && !this.changes.replacedPromotions.has(id))
        this.changes.replacedPromotions.set(id, existing.signature);
      if (existing) {
        replaced.push(id);
        await db
          .updateTable('promotions')
          .set({ ...values, updated_at: now })
          .where('id', '=', id)
          .execute();
      } else {
        inserts.push([id, storeId, promotion.promotionId, ...fields, now]);
      }
      for (const productId of productIds) productRows.push([id, productId, storeId]);
    }
    for (let start = 0; start < replaced.length; start += 500)
      await db
        .deleteFrom('promotion_products')
        .where('promotion_id', 'in', replaced.slice(start, start + 500))
        .execute();
    await insertRows(db, 'promotions', PROMOTION_COLUMNS, inserts);
    await insertRows(db, 'promotion_products', ['promotion_id', 'product_id', 'store_id'], productRows);
    return replaced.length + inserts.length;
  }
}
