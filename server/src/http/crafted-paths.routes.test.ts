import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTestApp } from '../test/test-app';
import { asUser, createAdmin, type TestUser } from '../test/factories';
import { listApiRoutes } from '../test/api-routes';
import { craftPaths } from '../test/crafted-paths';
import { listenForRawRequests, type RawClient } from '../test/raw-http';

// Every route, asked for under crafted forms of its path (dot segments, escapes, backslashes, doubled slashes, `;`
// parameters, other cases) over a real socket, since app.inject would parse them away first.
const t = registerTestApp();
let raw: RawClient;
let operator: TestUser;

beforeAll(async () => {
  operator = await createAdmin(t.app);
  raw = await listenForRawRequests(t.app);
});

afterAll(async () => {
  await raw.close();
});

const SOME_ID = '00000000-0000-4000-8000-000000000000';

describe('crafted paths', () => {
  it('never get a 5xx from any /api route', async () => {
    const routes = listApiRoutes(t.app.printRoutes({ commonPrefix: false })).filter((route) => !route.path.startsWith('/api/auth/'));
    expect(routes.length).toBeGreaterThan(70);
    const failures: string[] = [];
    for (const route of routes) {
      const rest = route.path
        .replace(/^\/api\//, '')
        .replace(/:[A-Za-z]+/g, SOME_ID)
        .replace('*', 'x');
      for (const target of craftPaths(rest, '/api')) {
        for (const method of route.methods) {
          const body = method === 'GET' || method === 'DELETE' ? undefined : {};
          const res = await raw.send(method, target, { headers: asUser(operator), body });
          if (res.statusCode >= 500) failures.push(`${method} ${target} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('are refused before better-auth on every one of its endpoints', async () => {
    const endpoints = Object.values(t.app.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>)
      .filter((endpoint) => typeof endpoint.path === 'string' && endpoint.path.startsWith('/'))
      .map((endpoint) => ({
        rest: endpoint.path!.slice(1).replace(/:[A-Za-z]+/g, 'token1'),
        method: [endpoint.options?.method ?? 'GET'].flat()[0] === 'POST' ? 'POST' : 'GET',
      }));
    expect(endpoints.map((endpoint) => endpoint.rest)).toContain('sign-in/email');
    const served: string[] = [];
    for (const { rest, method } of endpoints) {
      for (const target of craftPaths(rest)) {
        const res = await raw.send(method, target, { headers: asUser(operator), body: method === 'POST' ? {} : undefined });
        // A GET outside /api/ (the /Api/ spelling) gets the web app's page once web/dist is built: not better-auth.
        const isWebAppPage = res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/html');
        if (res.statusCode !== 404 && res.statusCode !== 400 && !isWebAppPage) served.push(`${method} ${target} -> ${res.statusCode}`);
      }
    }
    expect(served).toEqual([]);
  }, 120_000);
});
