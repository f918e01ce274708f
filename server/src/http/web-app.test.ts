import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, cacheControlFor, registerCompression, registerWebApp } from './web-app';

// A throwaway build: what Vite writes (hashed asset with its .br/.gz, index.html, robots.txt).
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-web-'));
const ASSET = 'assets/index-BKEWb41E.js';
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let app: FastifyInstance;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Cartwise</title>');
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /u/\n');
  fs.writeFileSync(path.join(dist, ASSET), script);
  fs.writeFileSync(path.join(dist, `${ASSET}.br`), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, `${ASSET}.gz`), zlib.gzipSync(script));
  app = Fastify();
  await registerCompression(app);
  app.get('/api/big', async () => ({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Item ${i}` })) }));
  app.get('/api/small', async () => ({ ok: true }));
  await registerWebApp(app, dist);
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('sends hashed assets precompressed with a year-long immutable cache', async () => {
    const br = await app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
  });

  it('revalidates index.html, the SPA fallback and robots.txt', async () => {
    for (const url of ['/', '/index.html', '/u/dashboard', '/robots.txt']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
    }
    expect((await app.inject({ url: '/robots.txt' })).body).toContain('Disallow: /u/');
    expect((await app.inject({ url: '/u/dashboard' })).headers['content-type']).toMatch(/text\/html/);
  });

  it('answers 404, not the page, for a build file that does not exist', async () => {
    for (const url of ['/assets/index-OLDHASH1.js', '/assets/missing.css', '/favicon.ico', '/u/lists/notes.txt?x=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
    }
    // Page paths (ids, no extension) still get the SPA.
    expect((await app.inject({ url: '/u/lists/0b7c4a52-2f1e-4c7e-9a55-1d2b3c4d5e6f' })).statusCode).toBe(200);
  });

  it('compresses API responses above 1 KB and leaves small ones alone', async () => {
    const big = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'br' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()).items).toHaveLength(200);
    const small = await app.inject({ url: '/api/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('tells hashed build files from the rest', () => {
    expect(cacheControlFor('/srv/web/dist/assets/landing-page-Dmv5xXm9.js')).toBe(IMMUTABLE_CACHE);
    expect(cacheControlFor('/srv/web/dist/assets/index-CbDsJRe6.css')).toBe(IMMUTABLE_CACHE);
    expect(cacheControlFor('/srv/web/dist/assets/index-CbDsJRe6.css.br')).toBe(IMMUTABLE_CACHE);
    expect(cacheControlFor('/srv/web/dist/index.html')).toBe(REVALIDATE_CACHE);
    expect(cacheControlFor('/srv/web/dist/index.html.br')).toBe(REVALIDATE_CACHE);
    expect(cacheControlFor('/srv/web/dist/robots.txt')).toBe(REVALIDATE_CACHE);
  });
});
