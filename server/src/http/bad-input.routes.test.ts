import { adminApi } from '@cartwise/contracts';
import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../test/test-app';
import { asUser, createAdmin } from '../test/factories';
import { listApiRoutes } from '../test/api-routes';
import { hasNulCharacter, NUL_CHARACTER_MESSAGE } from './reject-nul-characters';
import { callRoute } from '../test/call-route';

// Every /api route, asked by an operator (who passes every role check) with malformed ids, queries and bodies,
// answers with a 4xx, never a 500: on SQLite and, in the PostgreSQL run, on PostgreSQL.
const t = registerTestApp();

const NUL = 'bad\u0000value';
const TEXT_FIELDS = [
  'name',
  'title',
  'description',
  'storeName',
  'text',
  'email',
  'reason',
  'subject',
  'body',
  'address',
  'city',
  'alias',
  'note',
  'unit',
  'category',
  'content',
  'code',
];
const BAD_BODIES: unknown[] = [
  undefined,
  {},
  [],
  'not json {',
  { id: 'x'.repeat(5000), name: null, price: 'abc', items: 'none', date: '2026-02-30', total: -1, storeName: '', quantity: 1e308 },
  Object.fromEntries(TEXT_FIELDS.map((field) => [field, NUL])),
  {
    name: 'Milk',
    title: 'Milk',
    subject: 'Hi',
    body: NUL,
    items: [{ name: NUL, quantity: 1, price: 1 }],
    storeName: NUL,
    date: '2026-01-01',
    total: 1,
    price: 1,
    quantity: 1,
  },
];
const BAD_IDS = ['not-an-id', '00000000-0000-4000-8000-000000000000', '%00', 'x'.repeat(300)];
const BAD_QUERY = '?limit=-1&page=abc&from=notadate&to=2026-13-40&month=13&q=%00x&search=%00&store=%00';

describe('bad input on every route', () => {
  it('gets a 4xx, never a 500, from every /api route', async () => {
    const operator = await createAdmin(t.app);
    const routes = listApiRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(70);
    expect(routes.map((route) => route.path)).toContain('/api/lists/:id/items/:itemId');
    const failures: string[] = [];
    for (const route of routes) {
      for (const id of BAD_IDS) {
        const url = route.path.replace(/:[A-Za-z]+/g, encodeURIComponent(id)).replace('*', 'x') + BAD_QUERY;
        for (const method of route.methods) {
          for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : BAD_BODIES) {
            const headers = { ...asUser(operator), ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) };
            const res = await t.app.inject({ method: method as 'POST', url, headers, payload: body as string | undefined });
            if (res.statusCode >= 500)
              failures.push(`${method} ${url} ${JSON.stringify(body)?.slice(0, 80)} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses text with a NUL character with a clear message, and stores nothing', async () => {
    const operator = await createAdmin(t.app);
    const res = await callRoute(t.app, adminApi.sendNotification, { headers: asUser(operator), body: { subject: 'Hello', body: NUL } });
    expect(res.statusCode).toBe(400);
    expect(res.error()).toEqual({ error: 'bad_request', message: NUL_CHARACTER_MESSAGE });
    expect(await t.app.db.selectFrom('notifications').select('id').execute()).toEqual([]);
  });
});

describe('hasNulCharacter', () => {
  it('finds a NUL in nested strings and keys, and nothing in ordinary values', () => {
    expect(hasNulCharacter({ items: [{ name: NUL }] })).toBe(true);
    expect(hasNulCharacter({ ['a\u0000']: 1 })).toBe(true);
    expect(hasNulCharacter({ items: [{ name: 'Milk', price: 1 }], note: null })).toBe(false);
    expect(hasNulCharacter(undefined)).toBe(false);
  });
});
