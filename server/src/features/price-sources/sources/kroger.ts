import { normalizeGtin, withGtinCheckDigit } from '@cartwise/contracts/domain/gtin';
import type { FeedRecord, PriceSource, SourceContext, SourceInput } from '../price-source';
import { decodeText, openBytes, readLines, toMinorUnits } from './feed-streams';
import { fetchJson, jsonLinesInput } from './json-api';
import { getTodayIso } from '@cartwise/contracts';

const DEFAULT_BASE_URL = 'https://api.kroger.com';
const CURRENCY = 'USD';
/** Kroger allows 10,000 product calls a day per application. */
export const KROGER_DAILY_CALL_LIMIT = 10_000;
const PAGE_LIMIT = 50;
const MAX_START = 250;
const DEFAULT_TERMS = 'milk,bread,eggs,butter,cheese,yogurt,chicken,beef,rice,pasta,apples,bananas,coffee,cereal';

interface KrogerLocation {
  locationId: string;
  name?: string;
  chain?: string;
  phone?: string;
  address?: { addressLine1?: string; city?: string; state?: string; zipCode?: string };
  geolocation?: { latitude?: number; longitude?: number };
}
interface KrogerProduct {
  productId?: string;
  upc?: string;
  brand?: string;
  description?: string;
  categories?: string[];
  items?: { size?: string; price?: { regular?: number; promo?: number } }[];
}
type KrogerLine = { location: KrogerLocation } | { product: KrogerProduct; observedOn: string };

/**
 * Counts the calls of one run against the day's remaining budget (config.callsLeft, which runs read from the
 * database, else the whole limit) and reports each to the run.
 */
export function createCallBudget(ctx: Pick<SourceContext, 'config' | 'onCall'>) {
  const left = Number(ctx.config.callsLeft);
  const budget = { left: Number.isFinite(left) && left >= 0 ? left : KROGER_DAILY_CALL_LIMIT, used: 0 };
  return {
    take() {
      if (budget.used >= budget.left)
        throw new Error(`Kroger's daily limit of ${KROGER_DAILY_CALL_LIMIT} calls is reached: the run stops until tomorrow`);
      budget.used += 1;
      ctx.onCall?.();
    },
    get used() {
      return budget.used;
    },
  };
}
type CallBudget = ReturnType<typeof createCallBudget>;

/** Kroger's 13-digit UPC has no check digit ("0001111041700"): add it to make the GTIN. */
export function krogerUpcToGtin(upc: string): string | null {
  const direct = normalizeGtin(upc);
  if (direct.isValid && upc.length !== 13) return direct.gtin;
  if (!/^\d{13}$/.test(upc)) return direct.isValid ? direct.gtin : null;
  const withCheck = normalizeGtin(withGtinCheckDigit(upc));
  return withCheck.isValid ? withCheck.gtin : null;
}

async function fetchToken(ctx: SourceContext, baseUrl: string, budget: CallBudget): Promise<string> {
  const { clientId, clientSecret } = ctx.config;
  if (!clientId || !clientSecret) throw new Error('Kroger needs a client id and a client secret');
  budget.take();
  const body = (await fetchJson(ctx, new URL('/v1/connect/oauth2/token', baseUrl).toString(), 'Kroger', {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials&scope=product.compact',
  })) as { access_token?: string };
  if (!body.access_token) throw new Error('Kroger gave no access token');
  return body.access_token;
}

async function* discoverKroger(ctx: SourceContext): AsyncGenerator<SourceInput> {
  const baseUrl = ctx.config.baseUrl || DEFAULT_BASE_URL;
  const zip = ctx.config.zipCode?.trim();
  if (!zip || !/^\d{5}$/.test(zip)) throw new Error('Kroger needs a 5-digit ZIP code as its area');
  const budget = createCallBudget(ctx);
  const token = await fetchToken(ctx, baseUrl, budget);
  const auth = { authorization: `Bearer ${token}` };
  const locationsUrl = new URL('/v1/locations', baseUrl);
  locationsUrl.searchParams.set('filter.zipCode.near', zip);
  locationsUrl.searchParams.set('filter.limit', String(Number(ctx.config.maxStores) > 0 ? Number(ctx.config.maxStores) : 5));
  budget.take();
  const locations =
    ((await fetchJson(ctx, locationsUrl.toString(), 'Kroger', { headers: auth })) as { data?: KrogerLocation[] }).data ?? [];
  const terms = (ctx.config.terms || DEFAULT_TERMS)
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const observedOn = getTodayIso();
  for (const location of locations) {
    yield jsonLinesInput(`kroger:${location.locationId}`, async function* () {
      yield { location };
      for (const term of terms) {
        for (let start = 1; start <= MAX_START; start += PAGE_LIMIT) {
          const url = new URL('/v1/products', baseUrl);
          url.searchParams.set('filter.term', term);
          url.searchParams.set('filter.locationId', location.locationId);
          url.searchParams.set('filter.limit', String(PAGE_LIMIT));
          url.searchParams.set('filter.start', String(start));
          budget.take();
          const page = (await fetchJson(ctx, url.toString(), 'Kroger', { headers: auth })) as { data?: KrogerProduct[] };
          for (const product of page.data ?? []) yield { product, observedOn };
          if ((page.data ?? []).length < PAGE_LIMIT) break;
        }
      }
      ctx.log.info({ source: 'kroger', locationId: location.locationId, calls: budget.used }, 'kroger location read');
    });
  }
}

async function* readKroger(input: SourceInput, ctx: SourceContext): AsyncGenerator<FeedRecord> {
  let storeRef: string | null = null;
  const seen = new Set<string>();
  let rows = 0;
  for await (const { line, number } of readLines(decodeText(await openBytes(input)))) {
    if (!line.trim()) continue;
    const parsed = JSON.parse(line) as KrogerLine;
    if ('location' in parsed) {
      const { location } = parsed;
      storeRef = `kroger:${location.locationId}`;
      yield {
        type: 'store',
        store: {
          sourceRef: storeRef,
          chainRef: `kroger:${(location.chain ?? 'KROGER').toLowerCase()}`,
          chainName: location.chain ? location.chain.charAt(0) + location.chain.slice(1).toLowerCase() : 'Kroger',
          name: location.name ?? `Kroger ${location.locationId}`,
          address: location.address?.addressLine1 ?? null,
          city: location.address?.city ?? null,
          postcode: location.address?.zipCode ?? null,
          phone: location.phone ?? null,
          lat: location.geolocation?.latitude ?? null,
          lon: location.geolocation?.longitude ?? null,
          isOnline: false,
          currency: CURRENCY,
        },
      };
      continue;
    }
    if (!storeRef) throw new Error(`Line ${number}: a product before its store`);
    const { product, observedOn } = parsed;
    const item = product.items?.[0];
    const key = product.productId ?? product.upc ?? '';
    if (!item?.price || !key || seen.has(key)) continue;
    seen.add(key);
    const feedProduct = {
      gtin: product.upc ? krogerUpcToGtin(product.upc) : null,
      internalCode: product.productId ?? null,
      name: product.description ?? key,
      brand: product.brand ?? null,
      quantityText: item.size ?? null,
      category: product.categories?.[0] ?? null,
    };
    const base = { storeRef, product: feedProduct, currency: CURRENCY, observedOn };
    try {
      const regular = item.price.regular ? toMinorUnits(item.price.regular, CURRENCY) : null;
      const promo = item.price.promo ? toMinorUnits(item.price.promo, CURRENCY) : null;
      if (regular !== null) yield { type: 'price', price: { ...base, priceMinor: regular, kind: 'regular' } };
      if (promo !== null && promo !== regular) yield { type: 'price', price: { ...base, priceMinor: promo, kind: 'promotion' } };
    } catch (error) {
      throw new Error(`Product ${key}: ${(error as Error).message}`, { cause: error });
    }
    rows += 1;
    if (rows % 200 === 0) ctx.onProgress({ rows });
  }
  ctx.onProgress({ rows });
}

/** Kroger Products API: per-location regular and promo prices for stores near a ZIP code (needs a client id/secret). */
export const krogerSource: PriceSource = {
  id: 'kroger',
  label: 'Kroger',
  credentialFields: ['clientId', 'clientSecret'],
  dailyCallLimit: KROGER_DAILY_CALL_LIMIT,
  discover: discoverKroger,
  read: readKroger,
};
