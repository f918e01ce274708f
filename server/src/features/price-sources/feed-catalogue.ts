// Finds or makes the rows a feed's records name: a chain and store by their source_ref, a product by its
// normalised GTIN (the same product a receipt line, a scan or a deal with that barcode has) or, without a valid
// barcode, by the chain's own item code. Stores and chains are cached per run; product keys across runs
// (feed-product-keys.ts), so a national day and the next day's files ask the database once per key.
import { normalizeGtin } from '@cartwise/contracts/domain/gtin';
import { parseSize } from '@cartwise/contracts/domain/sizes';
import type { Kysely, Transaction } from 'kysely';
import { createId, createOrderedId, nowIso, toFlag } from '../../db/ids';
import { toPhoneColumns } from '../stores';
import { insertRows, selectIn } from './bulk-rows';
import type { Database } from '../../db/schema';
import type { ProductKeyCache } from './feed-product-keys';
import { LoopSlicer } from './loop-slicer';
import type { FeedProduct, FeedStore } from './price-source';

type Db = Kysely<Database> | Transaction<Database>;

export interface ResolvedStore {
  id: string;
  chainId: string | null;
}

/**
 * A chain no feed named before: the chain of the same name (case-insensitive) when there is one, since chain names
 * are unique and "Konzum" in a Croatian list, a branded Open Prices location and a receipt are one chain; it takes
 * the feed's key when it has none. Else a new chain with that key.
 */
async function findOrCreateNamedChain(db: Db, chainRef: string, chainName: string): Promise<string> {
  const named = await db
    .selectFrom('store_chains')
    .select(['id', 'source_ref'])
    .where((eb) => eb(eb.fn('lower', ['name']), '=', chainName.toLowerCase()))
    .executeTakeFirst();
  if (named) {
    if (named.source_ref === null)
      await db
        .updateTable('store_chains')
        .set({ source_ref: chainRef })
        .where('id', '=', named.id)
        .where('source_ref', 'is', null)
        .execute();
    return named.id;
  }
  const id = createId();
  await db.insertInto('store_chains').values({ id, name: chainName, source_ref: chainRef, created_at: nowIso() }).execute();
  return id;
}

export class FeedCatalogue {
  private readonly stores = new Map<string, ResolvedStore>();
  private readonly chains = new Map<string, string>();
  /** Keys found or made by the chunk being written: they join the kept keys once it commits. */
  private readonly chunkKeys = new Map<string, string>();
  storesCreated = 0;
  productsCreated = 0;

  constructor(private readonly keys: ProductKeyCache) {}

  /** The chunk committed: its keys are the catalogue's now. */
  keepChunkKeys(): void {
    this.keys.addAll(this.chunkKeys);
    this.chunkKeys.clear();
  }

  /** The chunk rolled back: products it made are gone. */
  dropChunkKeys(): void {
    this.chunkKeys.clear();
  }

  private productOf(key: string): string | undefined {
    return this.keys.get(key) ?? this.chunkKeys.get(key);
  }

  private async resolveChain(db: Db, chainRef: string, chainName: string): Promise<string> {
    const cached = this.chains.get(chainRef);
    if (cached) return cached;
    const existing = await db.selectFrom('store_chains').select('id').where('source_ref', '=', chainRef).executeTakeFirst();
    const id = existing?.id ?? (await findOrCreateNamedChain(db, chainRef, chainName));
    this.chains.set(chainRef, id);
    return id;
  }

  /** The store of a feed record: a placeholder creates a missing store, a named one also updates its place. */
  async resolveStore(db: Db, store: FeedStore): Promise<ResolvedStore> {
    const cached = this.stores.get(store.sourceRef);
    if (cached && store.isPlaceholder) return cached;
    const chainId = await this.resolveChain(db, store.chainRef, store.chainName);
    const existing = await db.selectFrom('store_locations').select('id').where('source_ref', '=', store.sourceRef).executeTakeFirst();
    const place = {
      name: store.name,
      chain_id: chainId,
      address: store.address ?? '',
      city: store.city ?? '',
      ...toPhoneColumns(store.phone),
      lat: store.lat ?? null,
      lon: store.lon ?? null,
      is_online: toFlag(store.isOnline),
      currency: store.currency,
    };
    let id = existing?.id;
    if (!id) {
      id = createId();
      await db
        .insertInto('store_locations')
        .values({ id, ...place, source_ref: store.sourceRef, is_public: 1, created_by: null, created_at: nowIso() })
        .execute();
      this.storesCreated += 1;
    } else if (!store.isPlaceholder) {
      await db.updateTable('store_locations').set(place).where('id', '=', id).execute();
    }
    const resolved = { id, chainId };
    this.stores.set(store.sourceRef, resolved);
    return resolved;
  }

  cachedStore(storeRef: string): ResolvedStore | undefined {
    return this.stores.get(storeRef);
  }

  /**
   * The catalogue products of a batch of feed rows, in order: by GTIN, else by the chain's item code; the missing ones
   * made in multi-row inserts. One query per kind of key for the batch, none for keys this run has already seen.
   */
  async resolveProducts(db: Db, wanted: readonly { product: FeedProduct; chainId: string | null }[]): Promise<string[]> {
    const keys: ProductKey[] = [];
    const missing = new Map<string, ProductKey>();
    const slicer = new LoopSlicer();
    for (const { product, chainId } of wanted) {
      if (slicer.isDue()) await slicer.giveWay();
      const key = productKey(product, chainId);
      keys.push(key);
      if (this.productOf(key.key) === undefined && !missing.has(key.key)) missing.set(key.key, key);
    }
    if (missing.size > 0) await this.loadProducts(db, [...missing.values()]);
    return keys.map((key) => this.productOf(key.key) as string);
  }

  private async loadProducts(db: Db, keys: ProductKey[]): Promise<void> {
    const barcodes = keys.flatMap((key) => (key.barcode ? [key.barcode] : []));
    const found = await selectIn(barcodes, (slice) =>
      db.selectFrom('products').select(['id', 'barcode']).where('barcode', 'in', slice).where('owner_user_id', 'is', null).execute(),
    );
    for (const row of found) this.chunkKeys.set(`g:${row.barcode}`, row.id);
    const codesByChain = new Map<string, string[]>();
    for (const key of keys) {
      if (key.barcode || !key.chainId || !key.code) continue;
      const codes = codesByChain.get(key.chainId);
      if (codes) codes.push(key.code);
      else codesByChain.set(key.chainId, [key.code]);
    }
    for (const [chainId, codes] of codesByChain) {
      const rows = await selectIn(codes, (slice) =>
        db.selectFrom('product_codes').select(['code', 'product_id']).where('chain_id', '=', chainId).where('code', 'in', slice).execute(),
      );
      for (const row of rows) this.chunkKeys.set(`c:${chainId}:${row.code}`, row.product_id);
    }
    const names = keys.flatMap((key) => (key.key.startsWith('n:') ? [key.product.name.trim().toLowerCase()] : []));
    const named = await selectIn([...new Set(names)], (slice) =>
      db
        .selectFrom('products')
        .select(['id', 'name', 'brand'])
        .where((eb) => eb(eb.fn('lower', ['name']), 'in', slice))
        .where('owner_user_id', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    );
    for (const row of named) {
      const key = toNameKey(row.name, row.brand);
      if (!this.chunkKeys.has(key)) this.chunkKeys.set(key, row.id);
    }
    const created = keys.filter((key) => !this.chunkKeys.has(key.key));
    if (created.length === 0) return;
    const now = nowIso();
    const productRows: unknown[][] = [];
    const codeRows: unknown[][] = [];
    const slicer = new LoopSlicer();
    for (const key of created) {
      if (slicer.isDue()) await slicer.giveWay();
      const id = createOrderedId();
      const { product } = key;
      const size =
        (product.sizeValue && product.sizeUnit ? parseSize(`${product.sizeValue} ${product.sizeUnit}`) : null) ??
        (product.quantityText ? parseSize(product.quantityText) : null) ??
        parseSize(product.name);
      productRows.push([
        id,
        product.name || key.code || key.barcode || 'Unnamed product',
        product.brand ?? null,
        product.category ?? null,
        size?.amount ?? null,
        size?.unit ?? null,
        key.barcode,
        now,
      ]);
      if (!key.barcode && key.chainId && key.code) codeRows.push([key.chainId, key.code, id]);
      this.chunkKeys.set(key.key, id);
    }
    await insertRows(db, 'products', PRODUCT_COLUMNS, productRows);
    if (codeRows.length > 0) await insertRows(db, 'product_codes', ['chain_id', 'code', 'product_id'], codeRows);
    this.productsCreated += created.length;
  }
}

const PRODUCT_COLUMNS = ['id', 'name', 'brand', 'category', 'size_value', 'size_unit', 'barcode', 'created_at'] as const;

interface ProductKey {
  key: string;
  barcode: string | null;
  code: string | null;
  chainId: string | null;
  product: FeedProduct;
}

/** The lower-cased name and brand a product without barcode or code is matched by. */
function toNameKey(name: string, brand: string | null | undefined): string {
  return `n:${name.trim().toLowerCase()}|${brand?.trim().toLowerCase() ?? ''}`;
}

function productKey(product: FeedProduct, chainId: string | null): ProductKey {
  const gtin = product.gtin ? normalizeGtin(product.gtin) : null;
  const barcode = gtin?.isValid ? gtin.gtin : null;
  const code = product.internalCode?.trim() || null;
  const byName = product.canMatchByName && product.name.trim() ? toNameKey(product.name, product.brand) : null;
  const key = barcode ? `g:${barcode}` : code && chainId ? `c:${chainId}:${code}` : byName;
  if (!key) throw new Error(`A product "${product.name}" has neither a valid barcode nor an item code`);
  return { key, barcode, code, chainId, product };
}

/** Whether the catalogue can key the product: a valid barcode, an item code (every feed store has a chain), or a name. */
export function hasProductKey(product: FeedProduct): boolean {
  const gtin = product.gtin ? normalizeGtin(product.gtin) : null;
  if (gtin?.isValid || product.internalCode?.trim()) return true;
  return Boolean(product.canMatchByName && product.name.trim());
}
