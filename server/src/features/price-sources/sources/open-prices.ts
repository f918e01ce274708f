import { normalizeGtin } from '@cartwise/contracts/domain/gtin';
import type { FeedProduct, FeedRecord, FeedStore, PriceSource, SourceContext, SourceInput } from '../price-source';
import { decodeText, isCurrencyCode, openBytes, readLines, toMinorUnits } from './feed-streams';
import { fetchJson, jsonLinesInput, urlInput } from './json-api';
import { addDaysIso, getTodayIso } from '@cartwise/contracts';

export const OPEN_PRICES_ATTRIBUTION = 'Price data © Open Prices contributors, ODbL';
const DEFAULT_BASE_URL = 'https://prices.openfoodfacts.org';
/** The API's own limits: at most 100 items a page and 500 pages a query. */
const PAGE_SIZE = 100;
const MAX_PAGES = 500;
const DEFAULT_DAYS = 30;

interface OpenPricesLocation {
  id?: number;
  type?: string;
  osm_id?: number | null;
  osm_type?: string | null;
  osm_name?: string | null;
  osm_display_name?: string | null;
  osm_brand?: string | null;
  osm_address_city?: string | null;
  osm_address_postcode?: string | null;
  osm_lat?: number | null;
  osm_lon?: number | null;
  website_url?: string | null;
}

interface OpenPricesItem {
  id?: number;
  type?: string;
  product_code?: string | null;
  product_name?: string | null;
  category_tag?: string | null;
  product?: {
    product_name?: string | null;
    brands?: string | null;
    product_quantity?: number | null;
    product_quantity_unit?: string | null;
  } | null;
  location?: OpenPricesLocation | null;
  location_osm_id?: number | null;
  location_osm_type?: string | null;
  price?: number | string | null;
  price_is_discounted?: boolean | null;
  price_without_discount?: number | string | null;
  currency?: string | null;
  date?: string | null;
}

interface Page<T> {
  items: T[];
  page: number;
  pages: number;
}

function toStore(location: OpenPricesLocation, currency: string): FeedStore | null {
  if (location.osm_id && location.osm_type) {
    const type = location.osm_type.toLowerCase();
    const name = location.osm_name?.trim() || location.osm_brand?.trim() || `OSM ${type} ${location.osm_id}`;
    return {
      sourceRef: `osm:${type}:${location.osm_id}`,
      chainRef: location.osm_brand ? `osm-brand:${location.osm_brand}` : `osm:${type}:${location.osm_id}`,
      chainName: location.osm_brand?.trim() || name,
      name,
      address: location.osm_display_name ?? null,
      city: location.osm_address_city ?? null,
      postcode: location.osm_address_postcode ?? null,
      lat: location.osm_lat ?? null,
      lon: location.osm_lon ?? null,
      isOnline: false,
      currency,
    };
  }
  if (location.type === 'ONLINE' && location.id) {
    const name = location.website_url?.replace(/^https?:\/\//, '').replace(/\/.*$/, '') || `Online shop ${location.id}`;
    return { sourceRef: `op:online:${location.id}`, chainRef: `op:online:${name}`, chainName: name, name, isOnline: true, currency };
  }
  return null;
}

const readableTag = (tag: string) => {
  const name = tag.replace(/^[a-z]{2}:/, '').replace(/-/g, ' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
};

function toProduct(item: OpenPricesItem): FeedProduct | null {
  if (item.product_code) {
    const gtin = normalizeGtin(item.product_code);
    const nested = item.product ?? {};
    const quantity = nested.product_quantity ? `${nested.product_quantity} ${nested.product_quantity_unit ?? 'g'}` : null;
    return {
      gtin: gtin.isValid ? gtin.gtin : null,
      internalCode: gtin.isValid ? null : item.product_code,
      name: nested.product_name?.trim() || item.product_name?.trim() || item.product_code,
      brand: nested.brands?.split(',')[0]?.trim() || null,
      quantityText: quantity,
      category: item.category_tag ? readableTag(item.category_tag) : null,
    };
  }
  if (item.category_tag) {
    return { gtin: null, internalCode: item.category_tag, name: readableTag(item.category_tag), category: readableTag(item.category_tag) };
  }
  return null;
}

/** Maps one API item (or dump line) to its store and prices; throws a message the caller prefixes with the line. */
export function mapOpenPricesItem(item: OpenPricesItem, seenStores: Set<string>): FeedRecord[] {
  const currency = item.currency?.trim().toUpperCase() ?? '';
  if (!isCurrencyCode(currency)) throw new Error(`item ${item.id ?? '?'} has no ISO 4217 currency`);
  const observedOn = /^\d{4}-\d{2}-\d{2}/.exec(item.date ?? '')?.[0];
  if (!observedOn) throw new Error(`item ${item.id ?? '?'} has no date`);
  const location = item.location ?? { osm_id: item.location_osm_id, osm_type: item.location_osm_type };
  const store = toStore(location, currency);
  const product = toProduct(item);
  if (!store || !product) return [];
  const records: FeedRecord[] = [];
  if (!seenStores.has(store.sourceRef)) {
    seenStores.add(store.sourceRef);
    records.push({ type: 'store', store });
  }
  let price: number | null;
  let regular: number | null;
  try {
    price = toMinorUnits(item.price, currency);
    regular = item.price_is_discounted ? toMinorUnits(item.price_without_discount, currency) : null;
  } catch (error) {
    throw new Error(`item ${item.id ?? '?'}: ${(error as Error).message}`, { cause: error });
  }
  if (price === null) throw new Error(`item ${item.id ?? '?'} has no price`);
  const base = { storeRef: store.sourceRef, product, currency, observedOn };
  records.push({ type: 'price', price: { ...base, priceMinor: price, kind: item.price_is_discounted ? 'promotion' : 'regular' } });
  if (regular !== null) records.push({ type: 'price', price: { ...base, priceMinor: regular, kind: 'regular' } });
  return records;
}

async function* readOpenPrices(input: SourceInput, ctx: SourceContext): AsyncGenerator<FeedRecord> {
  const seenStores = new Set<string>();
  let rows = 0;
  for await (const { line, number } of readLines(decodeText(await openBytes(input)))) {
    if (line.trim() === '') continue;
    let item: OpenPricesItem;
    try {
      item = JSON.parse(line) as OpenPricesItem;
    } catch {
      throw new Error(`Line ${number}: not a JSON object (the file is malformed or truncated)`);
    }
    try {
      yield* mapOpenPricesItem(item, seenStores);
    } catch (error) {
      throw new Error(`Line ${number}: ${(error as Error).message}`, { cause: error });
    }
    rows += 1;
    if (rows % 1000 === 0) ctx.onProgress({ rows });
  }
  ctx.onProgress({ rows });
}

async function* fetchPages<T>(ctx: SourceContext, url: URL): AsyncGenerator<T> {
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    url.searchParams.set('page', String(page));
    url.searchParams.set('size', String(PAGE_SIZE));
    const body = (await fetchJson(ctx, url.toString(), 'Open Prices')) as Partial<Page<T>>;
    if (!Array.isArray(body.items)) throw new Error(`Open Prices answered a page without items for ${url.pathname}`);
    yield* body.items;
    if (page >= (body.pages ?? 0)) return;
  }
}

const sinceDate = (config: Record<string, string>) => {
  if (config.since && /^\d{4}-\d{2}-\d{2}$/.test(config.since)) return config.since;
  const days = Number(config.days) > 0 ? Number(config.days) : DEFAULT_DAYS;
  return addDaysIso(getTodayIso(), -days);
};

/** The locations to read: the configured "NODE:123" ids, then every location of the configured city. */
async function* discoverLocations(ctx: SourceContext, baseUrl: string): AsyncGenerator<{ type: string; id: string }> {
  for (const ref of (ctx.config.locations ?? '').split(/[\s,]+/).filter(Boolean)) {
    const match = /^(node|way|relation):(\d+)$/i.exec(ref.replace(/^osm:/i, ''));
    if (!match) throw new Error(`"${ref}" is not an OSM location like node:123`);
    yield { type: match[1]!.toUpperCase(), id: match[2]! };
  }
  if (ctx.config.city) {
    const url = new URL('/api/v1/locations', baseUrl);
    url.searchParams.set('osm_address_city__like', ctx.config.city);
    for await (const location of fetchPages<OpenPricesLocation>(ctx, url)) {
      if (location.osm_id && location.osm_type) yield { type: location.osm_type.toUpperCase(), id: String(location.osm_id) };
    }
  }
}

async function* discoverOpenPrices(ctx: SourceContext): AsyncGenerator<SourceInput> {
  const baseUrl = ctx.config.baseUrl || DEFAULT_BASE_URL;
  if (ctx.config.dumpUrl) {
    yield urlInput(ctx, ctx.config.dumpUrl, 'The Open Prices dump');
    return;
  }
  const since = sinceDate(ctx.config);
  for await (const location of discoverLocations(ctx, baseUrl)) {
    const url = new URL('/api/v1/prices', baseUrl);
    url.searchParams.set('location_osm_id', location.id);
    url.searchParams.set('location_osm_type', location.type);
    url.searchParams.set('date__gte', since);
    yield jsonLinesInput(`open-prices osm:${location.type.toLowerCase()}:${location.id}`, () => fetchPages(ctx, url));
  }
}

/** Open Prices (Open Food Facts): crowd prices by OSM location, from the API or the daily JSONL dump. */
export const openPricesSource: PriceSource = {
  id: 'open-prices',
  label: 'Open Prices',
  attribution: OPEN_PRICES_ATTRIBUTION,
  discover: discoverOpenPrices,
  read: readOpenPrices,
};
