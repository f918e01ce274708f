import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listsApi, healthApi, accountApi } from '@cartwise/contracts';
import { callRoute } from '../test/call-route';
import { createTestApp, registerTestApp, type TestApp } from '../test/test-app';
import { asUser, createUser, type TestUser } from '../test/factories';
import { listenForRawRequests, type RawClient } from '../test/raw-http';

const t = registerTestApp();
let shopper: TestUser;

beforeAll(async () => {
  shopper = await createUser(t.app);
});

describe('security headers', () => {
  it('sends a CSP allowing only same-origin scripts and no framing, nosniff and a referrer policy', async () => {
    const res = await callRoute(t.app, healthApi.check);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/(^|;)script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/'unsafe-eval'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    // PUBLIC_URL is http here: no HSTS and no upgrade of requests.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('marks personal API answers no-store, receipts and errors included', async () => {
    for (const url of ['/api/me', '/api/lists', '/api/receipts', '/api/lists/missing']) {
      const res = await t.app.inject({ method: 'GET', url, headers: asUser(shopper) });
      expect(res.headers['cache-control'], url).toContain('no-store');
    }
    expect((await callRoute(t.app, accountApi.me)).headers['cache-control']).toBe('no-store');
  });

  it('gives API answers only the headers that apply to them, and pages the whole set', async () => {
    const api = await callRoute(t.app, listsApi.list, { headers: asUser(shopper) });
    expect(api.statusCode).toBe(200);
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection']) {
      expect(api.headers[documentOnly], documentOnly).toBeUndefined();
    }
    const page = await t.app.inject({ method: 'GET', url: '/lists' });
    expect(String(page.headers['content-security-policy'])).toBe(String(api.headers['content-security-policy']));
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-dns-prefetch-control']).toBe('off');
    expect(page.headers['referrer-policy']).toBe('same-origin');
  });

  it('keeps the web app free of inline scripts, so the CSP can forbid them', () => {
    const webRoot = path.resolve(import.meta.dirname, '../../../web');
    const pages = [path.join(webRoot, 'index.html'), path.join(webRoot, 'dist/index.html')].filter((file) => fs.existsSync(file));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const html = fs.readFileSync(page, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length, page).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes, page).toMatch(/\bsrc=/);
        expect(body!.trim(), page).toBe('');
      }
      expect(html, page).not.toMatch(/\son[a-z]+=/i);
    }
  });
});

describe('security headers behind https', () => {
  let https: TestApp;
  beforeAll(async () => {
    https = await createTestApp({ publicUrl: 'https://cartwise.example' });
  });
  afterAll(async () => {
    await https.close();
  });

  it('adds HSTS when PUBLIC_URL is https', async () => {
    const res = await callRoute(https.app, healthApi.check);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});

/** The headers every answer must carry, whoever gives it. */
function expectSecurityHeaders(headers: Record<string, unknown>, what: string): void {
  expect(String(headers['content-security-policy']), what).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('same-origin');
}

describe('security headers on answers given before a route runs', () => {
  let raw: RawClient;
  beforeAll(async () => {
    raw = await listenForRawRequests(t.app);
  });

  it('come with a refused cross-site write, an unreadable URL and a too-long one', async () => {
    const csrf = await callRoute(t.app, listsApi.create, {
      headers: { ...asUser(shopper), origin: 'https://evil.example' },
      body: { name: 'x' },
    });
    expect(csrf.statusCode).toBe(403);
    expectSecurityHeaders(csrf.headers, 'CSRF 403');

    const badUrl = await raw.send('GET', '/api/lists/%zz');
    expect(badUrl.statusCode).toBe(400);
    expect(JSON.parse(badUrl.body)).toEqual({ error: 'bad_request', message: 'The URL could not be read' });
    expectSecurityHeaders(badUrl.headers, 'bad URL 400');
    expect(badUrl.headers['cache-control']).toBe('no-store');

    const tooLong = await raw.send('GET', `/api/lists/${'x'.repeat(500)}`);
    expect(tooLong.statusCode).toBe(414);
    expect(JSON.parse(tooLong.body)).toEqual({ error: 'uri_too_long', message: 'A part of the URL is too long' });
    expectSecurityHeaders(tooLong.headers, 'URI too long 414');
  });

  it('come with the live-update event stream', async () => {
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port: raw.port, path: '/api/realtime', headers: asUser(shopper) }, (response) => {
        expect(response.statusCode).toBe(200);
        resolve(response.headers);
        request.destroy();
      });
      request.on('error', reject);
    });
    expect(headers['content-type']).toBe('text/event-stream');
    expectSecurityHeaders(headers, 'event stream');
  });
});
