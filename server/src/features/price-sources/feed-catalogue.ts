// Finds or makes the rows a feed's records name: a chain and store by their source_ref, a product by its
// normalised GTIN (the same product a receipt line, a scan or a deal with that barcode has) or, without a valid
// barcode, by the chain's own item code. Caches per run so a national day asks the database once per key.
import { normalizeGtin } from '@cartwise/contracts/domain/gtin';
import { parseSize } from '@cartwise/contracts/domain/sizes';
import type { Kysely, Transaction } from 'kysely';
import { createId, nowIso, toFlag } from '../../db/ids';
import type { Database } from '../../db/schema';
import type { FeedProduct, FeedStore } from './price-source';

type Db = Kysely<Database> | Transaction<Database>;

export interface ResolvedStore {
  id: string;
  chainId: string | null;
}

export class FeedCatalogue {
  private readonly stores = new Map<string, ResolvedStore>();
  private readonly chains = new Map<string, string>();
  private readonly products = new Map<string, string>();
  storesCreated = 0;
  productsCreated = 0;

  private async resolveChain(db: Db, chainRef: string, chainName: string): Promise<string> {
    const cached = this.chains.get(chainRef);
    if (cached) return cached;
    const existing = await db.selectFrom('store_chains').select('id').where('source_ref', '=', chainRef).executeTakeFirst();
    const id = existing?.id ?? createId();
    if (!existing)
      await db.insertInto('store_chains').values({ id, name: chainName, source_ref: chainRef, created_at: nowIso() }).execute();
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
      phone: store.phone ?? null,
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

  /** The catalogue product of a feed row: by GTIN, else by the chain's item code; made when missing. */
  async resolveProduct(db: Db, product: FeedProduct, chainId: string | null): Promise<string> {
    const gtin = product.gtin ? normalizeGtin(product.gtin) : null;
    const barcode = gtin?.isValid ? gtin.gtin : null;
    const code = product.internalCode?.trim() || null;
    const key = barcode ? `g:${barcode}` : code && chainId ? `c:${chainId}:${code}` : null;
    if (!key) throw new Error(`A product "${product.name}" has neither a valid barcode nor an item code`);
    const cached = this.products.get(key);
    if (cached) return cached;
    let id = barcode
      ? (await db.selectFrom('products').select('id').where('barcode', '=', barcode).executeTakeFirst())?.id
      : (
          await db
            .selectFrom('product_codes')
            .select('product_id')
            .where('chain_id', '=', chainId as string)
            .where('code', '=', code as string)
            .executeTakeFirst()
        )?.product_id;
    if (!id) {
      id = createId();
      const size =
        (product.sizeValue && product.sizeUnit ? parseSize(`${product.sizeValue} ${product.sizeUnit}`) : null) ??
        (product.quantityText ? parseSize(product.quantityText) : null) ??
        parseSize(product.name);
      await db
        .insertInto('products')
        .values({
          id,
          name: product.name || code || barcode || 'Unnamed product',
          brand: product.brand ?? null,
          category: product.category ?? null,
          size_value: size?.amount ?? null,
          size_unit: size?.unit ?? null,
          barcode,
          created_at: nowIso(),
        })
        .execute();
      this.productsCreated += 1;
      if (!barcode && chainId && code) await db.insertInto('product_codes').values({ chain_id: chainId, code, product_id: id }).execute();
    }
    this.products.set(key, id);
    return id;
  }
}
