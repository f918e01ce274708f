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

/** `gtin` must already be normalised (domain/gtin `normalizeGtin`). */
export function findProductByBarcode(db: Db, gtin: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('barcode', '=', gtin).executeTakeFirst();
}

export function findProduct(db: Db, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
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

/** Name, brand or alias contains every word of the query (case-insensitive), closest first (rankByTypedItem). */
export async function searchProducts(db: Db, query: string | undefined, limit: number): Promise<ProductRow[]> {
  const words = (query ?? '')
    .toLowerCase()
    .replace(/[%_\\]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6);
  let select = db.selectFrom('products').selectAll();
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
            .where(sql<string>`lower(product_aliases.alias)`, 'like', pattern),
        ),
      ]),
    );
  }
  const rows = await select.orderBy('products.name').limit(200).execute();
  return rankByTypedItem(query ?? '', rows).slice(0, limit);
}

export async function insertProduct(db: Db, input: TCreateProduct): Promise<ProductRow> {
  const row: ProductRow = {
    id: createId(),
    name: input.name,
    brand: input.brand || null,
    category: input.category || null,
    size_value: input.sizeValue ?? null,
    size_unit: input.sizeUnit ?? null,
    barcode: input.barcode ?? null,
    created_at: nowIso(),
  };
  await db.insertInto('products').values(row).execute();
  return row;
}
