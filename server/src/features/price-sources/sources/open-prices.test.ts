import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { fileInput } from './feed-streams';
import { openPricesSource } from './open-prices';
import {
  collectInputs,
  collectRecords,
  createTestContext,
  findClosedUrl,
  findSharedPrices,
  pricesOf,
  startFakeApi,
  storesOf,
  type FakeApi,
} from './source-test-kit';

const SAMPLE = join(findSharedPrices(), 'open-prices/prices-sample.jsonl');
const sampleLines = readFileSync(SAMPLE, 'utf8').split('\n').filter(Boolean);
const dir = mkdtempSync(join(tmpdir(), 'open-prices-'));
let api: FakeApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

describe('open-prices source', () => {
  it('reads the sample dump into OSM stores with a place and prices in each record’s currency', async () => {
    const records = await collectRecords(openPricesSource, fileInput(SAMPLE), createTestContext());
    const stores = storesOf(records);
    expect(stores).toHaveLength(101);
    expect(stores[0]).toMatchObject({
      sourceRef: 'osm:node:9612456361',
      city: 'Хабаровск',
      postcode: '680009',
      lat: 48.5024883,
      lon: 135.098877,
      currency: 'RUB',
      isOnline: false,
    });
    const prices = pricesOf(records);
    expect(prices.length).toBeGreaterThanOrEqual(1025);
    expect(prices[0]).toMatchObject({
      storeRef: 'osm:node:9612456361',
      priceMinor: 33_999,
      currency: 'RUB',
      kind: 'regular',
      observedOn: '2025-07-01',
      product: { gtin: '4610117625469' },
    });
    expect(new Set(prices.map((p) => p.currency)).size).toBeGreaterThan(3);
  });

  it('streams the gzipped daily dump and keeps a discounted price as a promotion beside its regular price', async () => {
    const item = { ...JSON.parse(sampleLines[0]!), currency: 'EUR', price: 1.5, price_is_discounted: true, price_without_discount: 2 };
    const path = join(dir, 'prices.jsonl.gz');
    writeFileSync(path, gzipSync(`${JSON.stringify(item)}\n`));
    const prices = pricesOf(await collectRecords(openPricesSource, fileInput(path), createTestContext()));
    expect(prices.map((p) => [p.kind, p.priceMinor, p.currency])).toEqual([
      ['promotion', 150, 'EUR'],
      ['regular', 200, 'EUR'],
    ]);
  });

  it('names the line of a truncated dump', async () => {
    const path = join(dir, 'truncated.jsonl');
    writeFileSync(path, `${sampleLines[0]}\n${sampleLines[1]!.slice(0, 80)}`);
    await expect(collectRecords(openPricesSource, fileInput(path), createTestContext())).rejects.toThrow(/Line 2: not a JSON object/);
  });

  it('pages through the prices of a city’s locations since the given day', async () => {
    const items = sampleLines.slice(0, 150).map((line) => JSON.parse(line) as Record<string, unknown>);
    api = await startFakeApi(({ url }) => {
      const page = Number(url.searchParams.get('page'));
      if (url.pathname === '/api/v1/locations')
        return { status: 200, body: { items: [{ osm_id: 42, osm_type: 'NODE' }], page, pages: 1, size: 100, total: 1 } };
      const size = Number(url.searchParams.get('size'));
      return { status: 200, body: { items: items.slice((page - 1) * size, page * size), page, pages: 2, size, total: 150 } };
    });
    const ctx = createTestContext({ baseUrl: api.url, city: 'Paris', since: '2025-06-01' });
    const inputs = await collectInputs(openPricesSource, ctx);
    expect(inputs.map((i) => i.name)).toEqual(['open-prices osm:node:42']);
    const records = await collectRecords(openPricesSource, inputs[0]!, ctx);
    expect(pricesOf(records).length).toBeGreaterThanOrEqual(150);
    const priceCalls = api.requests.filter((r) => r.url.pathname === '/api/v1/prices');
    expect(priceCalls.map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(priceCalls[0]!.url.searchParams.get('location_osm_id')).toBe('42');
    expect(priceCalls[0]!.url.searchParams.get('date__gte')).toBe('2025-06-01');
    expect(Number(priceCalls[0]!.url.searchParams.get('size'))).toBeLessThanOrEqual(100);
    expect(api.requests.find((r) => r.url.pathname === '/api/v1/locations')?.url.searchParams.get('osm_address_city__like')).toBe('Paris');
  });

  it('fails the input with a clear error when the API refuses or cannot be reached', async () => {
    api = await startFakeApi(() => ({ status: 401, body: { detail: 'revoked' } }));
    const ctx = createTestContext({ baseUrl: api.url, locations: 'node:42' });
    const [input] = await collectInputs(openPricesSource, ctx);
    await expect(collectRecords(openPricesSource, input!, ctx)).rejects.toThrow(/Open Prices refused the credentials \(HTTP 401\)/);
    const closed = createTestContext({ baseUrl: await findClosedUrl(), city: 'Paris' });
    await expect(collectInputs(openPricesSource, closed)).rejects.toThrow(/Open Prices is unreachable \(ECONNREFUSED\)/);
  });
});
