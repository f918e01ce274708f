import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createId, isFlagSet, nowIso } from '../../db/ids';
import { findActiveDealPrices, selectActiveDeals } from '../deals';
import { findStoreIdByName, lockStoreName } from '../stores';

export interface PriceQuote {
  productId: string;
  storeId: string;
  unitPriceCents: number;
  observedOn: string;
  isDeal: boolean;
  /** 'receipt', 'deal' or 'import'; kept open for sources added later. */
  source: string;
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
  const { best, deals } =
    db.getExecutor().adapter instanceof PostgresAdapter ? await findPricesPostgres(db, input) : await findPricesSqlite(db, input);
  // Cheapest first, so of several deals on a pair the cheapest decides.
  for (const deal of [...deals].sort((a, b) => a.salePriceCents - b.salePriceCents)) {
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

interface DealPrice {
  productId: string;
  storeId: string;
  salePriceCents: number;
  startsOn: string | null;
}

interface PlanPrices {
  /** Per (product, store) pair, the newest regular price up to the date, else the newest deal price. */
  best: Map<string, PriceQuote>;
  /** Approved deals valid on the date. */
  deals: DealPrice[];
}

/**
 * SQLite: independent reads, each answered in-process. A past deal price is the fallback only where no regular
 * price was ever seen, so only deal rows need reading for it (a few, next to years of regular prices).
 */
async function findPricesSqlite(
  db: Kysely<Database>,
  input: { productIds: string[]; storeIds: string[]; onDate: string },
): Promise<PlanPrices> {
  const [best, fallback, deals] = await Promise.all([
    findNewestObservations(db, input, { isDeal: false }),
    findNewestObservations(db, input, { isDeal: true }),
    findActiveDealPrices(db, { date: input.onDate, productIds: input.productIds, storeIds: input.storeIds }),
  ]);
  for (const [k, quote] of fallback) if (!best.has(k)) best.set(k, quote);
  return { best, deals };
}

interface ObservationRow {
  product_id: string;
  store_id: string;
  unit_price_cents: number;
  observed_on: string;
  is_deal: number;
  source: string;
}

const toQuote = (row: ObservationRow): PriceQuote => ({
  productId: row.product_id,
  storeId: row.store_id,
  unitPriceCents: row.unit_price_cents,
  observedOn: row.observed_on,
  isDeal: isFlagSet(row.is_deal),
  source: row.source,
});

/** An observation (is_active_deal 0) or a deal valid on the date (1, observed_on its start, if any). */
type PostgresPriceRow = Omit<ObservationRow, 'observed_on'> & { observed_on: string | null; is_active_deal: number };

/**
 * PostgreSQL: one statement for the newest prices and the deals valid on the date. Per (product, store) pair one
 * descent of price_observations_latest_idx (LIMIT 1 in a LATERAL subquery) to the newest regular price up to the
 * date, else the newest deal price; ties on the day keep the latest recorded row. It reads one row per pair, however
 * long the pair's history, and each statement saved spares PostgreSQL a parse and a plan.
 */
async function findPricesPostgres(
  db: Kysely<Database>,
  input: { productIds: string[]; storeIds: string[]; onDate: string },
): Promise<PlanPrices> {
  const productIds = [...new Set(input.productIds)];
  const storeIds = [...new Set(input.storeIds)];
  const deals = selectActiveDeals(db, { date: input.onDate, productIds, storeIds });
  const { rows } = await sql<PostgresPriceRow>`
    SELECT 0 AS is_active_deal, o.product_id, o.store_id, o.unit_price_cents, o.observed_on, o.is_deal, o.source
    FROM unnest(${productIds}::text[]) AS wanted_product (id)
    CROSS JOIN unnest(${storeIds}::text[]) AS wanted_store (id)
    CROSS JOIN LATERAL (
      SELECT po.product_id, po.store_id, po.unit_price_cents, po.observed_on, po.is_deal, po.source
      FROM price_observations AS po
      WHERE po.product_id = wanted_product.id AND po.store_id = wanted_store.id AND po.observed_on <= ${input.onDate}
      ORDER BY po.is_deal, po.observed_on DESC, po.created_at DESC, po.id DESC
      LIMIT 1
    ) AS o
    UNION ALL
    SELECT 1, d.product_id, d.store_id, d.sale_price_cents, d.starts_on, 1, 'deal' FROM (${deals}) AS d
  `.execute(db);
  const best = new Map<string, PriceQuote>();
  const dealPrices: DealPrice[] = [];
  for (const row of rows) {
    if (Number(row.is_active_deal) === 1)
      dealPrices.push({
        productId: row.product_id,
        storeId: row.store_id,
        salePriceCents: row.unit_price_cents,
        startsOn: row.observed_on,
      });
    else if (row.observed_on !== null) best.set(key(row.product_id, row.store_id), toQuote({ ...row, observed_on: row.observed_on }));
  }
  return { best, deals: dealPrices };
}

/**
 * SQLite: the newest observation per product and store up to the date, picked by the database: a grouped
 * MAX(observed_on) that the (product_id, store_id, observed_on) index answers, joined back to its
 * row. Reading every observation and keeping the newest in code grew with years of receipts and
 * imports; this reads about one row per pair. Ties on the newest day keep the latest recorded row.
 */
async function findNewestObservations(
  db: Kysely<Database>,
  input: { productIds: string[]; storeIds: string[]; onDate: string },
  options: { isDeal: boolean },
): Promise<Map<string, PriceQuote>> {
  const isDeal = options.isDeal ? 1 : 0;
  const newest = db
    .selectFrom('price_observations')
    .select(['product_id', 'store_id'])
    .select((eb) => eb.fn.max('observed_on').as('latest'))
    .where('product_id', 'in', input.productIds)
    .where('store_id', 'in', input.storeIds)
    .where('observed_on', '<=', input.onDate)
    .where('is_deal', '=', isDeal)
    .groupBy(['product_id', 'store_id']);
  const query = db
    .selectFrom('price_observations as po')
    .innerJoin(newest.as('n'), (join) =>
      join.onRef('n.product_id', '=', 'po.product_id').onRef('n.store_id', '=', 'po.store_id').onRef('n.latest', '=', 'po.observed_on'),
    )
    .select(['po.product_id', 'po.store_id', 'po.unit_price_cents', 'po.observed_on', 'po.is_deal', 'po.source'])
    // The same bounds on the outer side reach the rows through the index rather than by the join alone.
    .where('po.product_id', 'in', input.productIds)
    .where('po.store_id', 'in', input.storeIds)
    .where('po.is_deal', '=', isDeal)
    .orderBy('po.created_at', 'desc')
    .orderBy('po.id', 'desc');
  const quotes = new Map<string, PriceQuote>();
  for (const row of await query.execute()) {
    const k = key(row.product_id, row.store_id);
    if (!quotes.has(k)) quotes.set(k, toQuote(row));
  }
  return quotes;
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

/**
 * The import's store: by name and address when the row has an address, else the store a shopper typing that name
 * gets (findStoreIdByName: the oldest of the name), under the same per-name lock, so an import and a receipt
 * naming a new store at once create it once.
 */
export async function findOrCreateStore(
  db: Kysely<Database>,
  input: { name: string; chainId: string | null; address: string; city: string; createdBy: string | null },
): Promise<{ id: string; isNew: boolean }> {
  await lockStoreName(db, input.name);
  const existing = input.address
    ? (
        await db
          .selectFrom('store_locations')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['name']), '=', input.name.toLowerCase()))
          .where((eb) => eb(eb.fn('lower', ['address']), '=', input.address.toLowerCase()))
          .orderBy('created_at')
          .orderBy('id')
          .executeTakeFirst()
      )?.id
    : await findStoreIdByName(db, input.name);
  if (existing) return { id: existing, isNew: false };
  const id = createId();
  await db
    .insertInto('store_locations')
    .values({
      id,
      name: input.name,
      chain_id: input.chainId,
      address: input.address,
      city: input.city,
      created_by: input.createdBy,
      created_at: nowIso(),
    })
    .execute();
  return { id, isNew: true };
}

/**
 * The product an imported price is for: the one with its barcode (a normalised GTIN) first, else the one with its
 * name and brand, which learns the barcode if it had none; else a new product.
 */
export async function findOrCreateProduct(
  db: Kysely<Database>,
  input: {
    name: string;
    brand: string | null;
    category: string | null;
    sizeValue: number | null;
    sizeUnit: string | null;
    barcode?: string | null;
  },
): Promise<{ id: string; isNew: boolean }> {
  const barcode = input.barcode ?? null;
  if (barcode) {
    const byBarcode = await db
      .selectFrom('products')
      .select('id')
      .where('barcode', '=', barcode)
      .where('owner_user_id', 'is', null)
      .executeTakeFirst();
    if (byBarcode) return { id: byBarcode.id, isNew: false };
  }
  let query = db
    .selectFrom('products')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', input.name.toLowerCase()))
    .where('owner_user_id', 'is', null);
  query = input.brand
    ? query.where((eb) => eb(eb.fn('lower', ['brand']), '=', input.brand!.toLowerCase()))
    : query.where('brand', 'is', null);
  const existing = await query.select('barcode').executeTakeFirst();
  if (existing) {
    if (barcode && !existing.barcode) await db.updateTable('products').set({ barcode }).where('id', '=', existing.id).execute();
    return { id: existing.id, isNew: false };
  }
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
      barcode,
      created_at: nowIso(),
    })
    .execute();
  return { id, isNew: true };
}
