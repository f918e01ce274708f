import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRoutePath, listsApi } from '@cartwise/contracts';
import { registerTestApp } from '../test/test-app';
import { asUser, createUser, type TestUser } from '../test/factories';

const t = registerTestApp();
let shopper: TestUser;

beforeAll(async () => {
  shopper = await createUser(t.app);
});

describe('compressed request bodies', () => {
  it('are read on a route that takes a body, though reads skip the decompression hook', async () => {
    const created = await t.app.inject({
      method: listsApi.create.method,
      url: buildRoutePath(listsApi.create),
      headers: { ...asUser(shopper), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ name: 'Sent compressed' })),
    });
    expect(created.statusCode).toBe(201);
    const lists = await t.app.inject({ method: 'GET', url: buildRoutePath(listsApi.list), headers: asUser(shopper) });
    expect(lists.statusCode).toBe(200);
    expect(lists.body).toContain('Sent compressed');
  });

  it('refuses a body that says it is compressed but is not, with a 4xx', async () => {
    const res = await t.app.inject({
      method: listsApi.create.method,
      url: buildRoutePath(listsApi.create),
      headers: { ...asUser(shopper), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: JSON.stringify({ name: 'Not compressed' }),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
