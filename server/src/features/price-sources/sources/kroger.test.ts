import { afterEach, describe, expect, it } from 'vitest';
import { krogerSource, krogerUpcToGtin } from './kroger';
import {
  collectInputs,
  collectRecords,
  createTestContext,
  findClosedUrl,
  pricesOf,
  startFakeApi,
  storesOf,
  type FakeApi,
} from './source-test-kit';

let api: FakeApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

const LOCATION = {
  locationId: '01400943',
  chain: 'KROGER',
  name: 'Kroger Madison',
  phone: '5135551212',
  address: { addressLine1: '1 Main St', city: 'Cincinnati', zipCode: '45202' },
  geolocation: { latitude: 39.1, longitude: -84.5 },
};
const product = (n: number, price: { regular?: number; promo?: number }) => ({
  productId: `p${n}`,
  upc: n === 0 ? '0001111041700' : String(1000000000000 + n).padStart(13, '0'),
  brand: 'Kroger',
  description: `Milk ${n}`,
  categories: ['Dairy'],
  items: [{ size: '1 gal', price }],
});

function answerKroger(tokenStatus = 200) {
  return ({ method, url, headers }: { method: string; url: URL; headers: Record<string, unknown> }) => {
    if (url.pathname === '/v1/connect/oauth2/token') {
      return method === 'POST' && tokenStatus === 200
        ? { status: 200, body: { access_token: 't0k', expires_in: 1800 } }
        : { status: tokenStatus, body: { error: 'invalid_client' } };
    }
    if (headers.authorization !== 'Bearer t0k') return { status: 401, body: {} };
    if (url.pathname === '/v1/locations') return { status: 200, body: { data: [LOCATION] } };
    const start = Number(url.searchParams.get('filter.start'));
    const data =
      start === 1
        ? Array.from({ length: 50 }, (_, i) => product(i, i === 0 ? { regular: 3.49, promo: 2.99 } : { regular: 1.25 }))
        : [product(99, { regular: 4 })];
    return { status: 200, body: { data } };
  };
}

describe('kroger source', () => {
  it('finds the stores near a ZIP code and reads regular and promo prices per location, in USD', async () => {
    api = await startFakeApi(answerKroger());
    const ctx = createTestContext({ baseUrl: api.url, clientId: 'id', clientSecret: 'secret', zipCode: '45202', terms: 'milk' });
    const inputs = await collectInputs(krogerSource, ctx);
    expect(inputs.map((i) => i.name)).toEqual(['kroger:01400943']);
    const records = await collectRecords(krogerSource, inputs[0]!, ctx);
    expect(storesOf(records)[0]).toMatchObject({
      sourceRef: 'kroger:01400943',
      chainName: 'Kroger',
      city: 'Cincinnati',
      lat: 39.1,
      currency: 'USD',
    });
    const prices = pricesOf(records);
    expect(prices.slice(0, 2).map((p) => [p.kind, p.priceMinor, p.product.gtin])).toEqual([
      ['regular', 349, '0011110417008'],
      ['promotion', 299, '0011110417008'],
    ]);
    expect(prices).toHaveLength(52);
    const token = api.requests[0]!;
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from('id:secret').toString('base64')}`);
    expect(token.body).toContain('scope=product.compact');
    expect(api.requests.find((r) => r.url.pathname === '/v1/locations')?.url.searchParams.get('filter.zipCode.near')).toBe('45202');
    expect(api.requests.filter((r) => r.url.pathname === '/v1/products').map((r) => r.url.searchParams.get('filter.locationId'))).toEqual([
      '01400943',
      '01400943',
    ]);
  });

  it('says the key is refused when Kroger answers 401', async () => {
    api = await startFakeApi(answerKroger(401));
    const ctx = createTestContext({ baseUrl: api.url, clientId: 'id', clientSecret: 'revoked', zipCode: '45202' });
    await expect(collectInputs(krogerSource, ctx)).rejects.toThrow(/Kroger refused the credentials \(HTTP 401\)/);
  });

  it('stops at the day’s remaining call budget and when the API is unreachable', async () => {
    api = await startFakeApi(answerKroger());
    const ctx = createTestContext({ baseUrl: api.url, clientId: 'id', clientSecret: 's', zipCode: '45202', terms: 'milk', callsLeft: '3' });
    const [input] = await collectInputs(krogerSource, ctx);
    await expect(collectRecords(krogerSource, input!, ctx)).rejects.toThrow(/daily limit of 10000 calls is reached/);
    expect(api.requests).toHaveLength(3);
    const closed = createTestContext({ baseUrl: await findClosedUrl(), clientId: 'id', clientSecret: 's', zipCode: '45202' });
    await expect(collectInputs(krogerSource, closed)).rejects.toThrow(/Kroger is unreachable/);
    await expect(collectInputs(krogerSource, createTestContext({ zipCode: '45202' }))).rejects.toThrow(/client id and a client secret/);
  });

  it('adds the check digit Kroger leaves off its UPCs', () => {
    expect(krogerUpcToGtin('0001111041700')).toBe('0011110417008');
    expect(krogerUpcToGtin('abc')).toBeNull();
  });
});
