import { rankTypedItemMatches } from '@cartwise/contracts/domain/item-linking';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { TCreateProduct, TProduct } from '@cartwise/contracts';
import type { Database, ProductsTable } from '../../db/schema';
import { createId, nowIso } from '../../db/ids';

export type Db = Kysely<Database>;
export type ProductRow = Selectable<ProductsTable>;

export function toProductDto(row: ProductRow): TProduct {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    category: row.category,
    sizeValue: row.size_value === null ? null : Number(row.size_value),
    sizeUnit: row.size_unit,
    barcode: row.barcode,
  };
}

/** Whether a user may see a product: a public one, or their own until it is approved. */
export function isProductVisibleTo(row: Pick<ProductRow, 'owner_user_id'>, viewerId: string | null): boolean {
  return row.owner_user_id === null || row.owner_user_id === viewerId;
}

/**
 * The product a barcode names for the viewer: their own product with it first (their name for it counts for them at
 * once), else the public one. `gtin` must already be normalised (domain/gtin `normalizeGtin`).
 */
export async function findProductByBarcode(db: Db, gtin: string, viewerId: string | null = null): Promise<ProductRow | undefined> {
  const rows = await db
    .selectFrom('products')
    .selectAll()
    .where('barcode', '=', gtin)
    .where((eb) =>
      viewerId ? eb.or([eb('owner_user_id', 'is', null), eb('owner_user_id', '=', viewerId)]) : eb('owner_user_id', 'is', null),
    )
    .orderBy('created_at', 'desc')
    .execute();
  return rows.find((row) => row.owner_user_id !== null) ?? rows[0];
}

/** Any product by id, public or private: for code that already knows the caller may use it. */
export function findProduct(db: Db, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A product the viewer may see (public, or their own); another shopper's private product is as unknown as none. */
export async function findVisibleProduct(db: Db, id: string, viewerId: string): Promise<ProductRow | undefined> {
  const row = await findProduct(db, id);
  return row && isProductVisibleTo(row, viewerId) ? row : undefined;
}

/**
 * Closest to the text as a typed list item first (rankTypedItemMatches: the add box's Enter takes the first), then
 * names starting with the text, then by name.
 */
function rankByTypedItem(text: string, rows: ProductRow[]): ProductRow[] {
  const ranked = rankTypedItemMatches(
    text,
    rows.map((row) => ({ id: row.id, name: row.name, brand: row.brand, sizeValue: row.size_value, sizeUnit: row.size_unit })),
  );
  const order = new Map(ranked.map((match, index) => [match.productId, index]));
  const prefix = text.trim().toLowerCase();
  const startsWith = (row: ProductRow) => Number(prefix !== '' && row.name.toLowerCase().startsWith(prefix));
  return [...rows].sort((a, b) => (order.get(a.id) ?? order.size) - (order.get(b.id) ?? order.size) || startsWith(b) - startsWith(a));
}

/**
 * Name, brand or alias contains every word of the query (case-insensitive), closest first (rankByTypedItem). Only
 * public products and the viewer's own, matched by shared aliases and the viewer's own.
 */
export async function searchProducts(db: Db, query: string | undefined, limit: number, viewerId: string): Promise<ProductRow[]> {
  const words = (query ?? '')
    .toLowerCase()
    .replace(/[%_\\]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6);
  let select = db
    .selectFrom('products')
    .selectAll()
    .where((eb) => eb.or([eb('products.owner_user_id', 'is', null), eb('products.owner_user_id', '=', viewerId)]));
  for (const word of words) {
    const pattern = `%${word}%`;
    select = select.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['products.name']), 'like', pattern),
        eb(eb.fn('lower', [eb.fn.coalesce('products.brand', eb.val(''))]), 'like', pattern),
        eb.exists(
          eb
            .selectFrom('product_aliases')
            .select('product_aliases.id')
            .whereRef('product_aliases.product_id', '=', 'products.id')
            .where((alias) => alias.or([alias('product_aliases.user_id', 'is', null), alias('product_aliases.user_id', '=', viewerId)]))
            .where(sql<string>`lower(product_aliases.alias)`, 'like', pattern),
        ),
      ]),
    );
  }
  const rows = await select.orderBy('products.name').limit(200).execute();
  return rankByTypedItem(query ?? '', rows).slice(0, limit);
}

/** A new product; with an owner it is only theirs until a catalogue change makes it public. */
export async function insertProduct(db: Db, input: TCreateProduct, ownerUserId: string | null = null): Promise<ProductRow> {
  const row: ProductRow = {
    id: createId(),
    name: input.name,
    brand: input.brand || null,
    category: input.category || null,
    size_value: input.sizeValue ?? null,
    size_unit: input.sizeUnit ?? null,
    barcode: input.barcode ?? null,
    owner_user_id: ownerUserId,
    created_at: nowIso(),
  };
  await db.insertInto('products').values(row).execute();
  return row;
}
