import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { pantryApi } from '@cartwise/contracts';
import { callRoute } from '../test/call-route';
import { registerTestApp } from '../test/test-app';
import { asUser, createUser, type TestUser } from '../test/factories';
import { chooseEncoding, readCompressedAnswerStats } from './compressed-answers';

const t = registerTestApp();
let shopper: TestUser;

const readPantry = (acceptEncoding?: string) =>
  callRoute(t.app, pantryApi.list, { headers: { ...asUser(shopper), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

beforeAll(async () => {
  shopper = await createUser(t.app);
  // A pantry long enough (over 1 KB of JSON) to be compressed.
  for (let i = 1; i <= 14; i++) {
    const created = await callRoute(t.app, pantryApi.create, {
      headers: asUser(shopper),
      body: { name: `Pantry staple number ${i}`, qty: i, unit: 'pcs' },
    });
    expect(created.statusCode).toBe(201);
  }
});

describe('cached answers sent compressed', () => {
  it('are compressed once per encoding and sent again as the same bytes, decoding to the plain answer', async () => {
    const plain = await readPantry();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const before = readCompressedAnswerStats();
    const first = await readPantry('gzip, deflate, br');
    const second = await readPantry('br');
    const after = readCompressedAnswerStats();
    for (const res of [first, second]) {
      expect(res.headers['content-encoding']).toBe('br');
      expect(String(res.headers.vary)).toContain('accept-encoding');
      expect(zlib.brotliDecompressSync(res.raw.rawPayload).toString()).toBe(plain.body);
      expect(Number(res.headers['content-length'])).toBe(res.raw.rawPayload.length);
    }
    expect(after.compressed - before.compressed).toBe(1);
    expect(after.reused - before.reused).toBe(1);

    const gzip = await readPantry('br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.raw.rawPayload).toString()).toBe(plain.body);
    expect((await readPantry('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('never sends the bytes of an answer a write has changed', async () => {
    await readPantry('br');
    const added = await callRoute(t.app, pantryApi.create, { headers: asUser(shopper), body: { name: 'Freshly added rice', qty: 1 } });
    expect(added.statusCode).toBe(201);
    const res = await readPantry('br');
    const items = (JSON.parse(zlib.brotliDecompressSync(res.raw.rawPayload).toString()) as { items: { name: string }[] }).items;
    expect(items.map((item) => item.name)).toContain('Freshly added rice');
  });
});

describe('chooseEncoding', () => {
  it('reads Accept-Encoding as the compression plugin does', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, br;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('X-GZIP')).toBe('gzip');
    expect(chooseEncoding('identity, deflate')).toBeNull();
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
  });

  it('negotiates each of many distinct headers', () => {
    for (let i = 0; i < 200; i += 1) expect(chooseEncoding(`gzip;q=0.${(i % 9) + 1}, br;q=0.0${i}`)).toBe('gzip');
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('deflate')).toBeNull();
  });
});
