import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPriceSourceRun, ZPriceSourceRunList, ZStartedPriceSourceRun, priceSourcesApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { toRunFolder } from './price-source-runs.service';
import { callRoute, callRouteWithBadInput } from '../../test/call-route';

const t = registerTestApp({ isPrivateFeedUrlAllowed: true });
let admin: TestUser;
let shopper: TestUser;
let feedServer: Server;
let feedOrigin = '';

const GOOD_CSV =
  'product,barcode,brand,size,chain,store,address,city,price,date,is_deal\n' +
  'Oat milk,4006381333931,Acme,1 l,RunMart,RunMart Centre,2 High St,Springfield,1.99,2026-11-01,0\n' +
  'Rye bread,5000112546415,,,RunMart,RunMart Centre,2 High St,Springfield,2.50,2026-11-01,1\n';
const BAD_CSV = 'product,store,price,date\nMilk,Corner,1.99,2026-11-01\nBread,Corner,-1,2026-11-01\n';

function toMultipart(files: { name: string; text: string }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----price-run-boundary';
  const chunks = files.flatMap((file) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(file.text),
    Buffer.from('\r\n'),
  ]);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  admin = await createAdmin(t.app);
  shopper = await createUser(t.app);
  feedServer = createServer((req, res) => {
    if (req.url === '/moved') res.writeHead(302, { location: '/day.csv' }).end();
    else if (req.url === '/day.csv') res.writeHead(200, { 'content-type': 'text/csv' }).end(GOOD_CSV);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedOrigin = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => feedServer.close(() => resolve())));

const startRun = (source: string, body: { files?: { name: string; text: string }[]; json?: Record<string, unknown> }, user = admin) => {
  const form = body.files ? toMultipart(body.files) : null;
  return callRouteWithBadInput(t.app, priceSourcesApi.startRun, {
    params: { source },
    headers: { ...asUser(user), ...(form?.headers ?? {}) },
    body: form ? form.payload : (body.json ?? {}),
  });
};

async function finishRun(runId: string) {
  await t.app.backgroundTasks.settle();
  const res = await callRoute(t.app, priceSourcesApi.run, { params: { runId }, headers: asUser(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return ZPriceSourceRun.parse(res.json());
}

describe('price source runs', () => {
  it('imports uploaded files off the request path and reports the summary, its errors and the run list', async () => {
    const res = await startRun('cartwise-csv', {
      files: [
        { name: 'good.csv', text: GOOD_CSV },
        { name: 'bad.csv', text: BAD_CSV },
      ],
    });
    expect(res.statusCode, res.body).toBe(202);
    const { runId } = ZStartedPriceSourceRun.parse(res.json());
    const run = await finishRun(runId);
    expect(run).toMatchObject({ source: 'cartwise-csv', status: 'partial', files: 1, stores: 1, products: 2, prices: 2, unchanged: 0 });
    expect(run.startedBy).toBe(admin.id);
    expect(run.rowsRead).toBeGreaterThanOrEqual(3);
    expect(run.errors).toEqual([{ file: 'bad.csv', line: 3, message: expect.stringMatching(/price must be a positive number/) }]);
    expect(existsSync(toRunFolder(t.app, runId))).toBe(false);
    const store = await t.app.db.selectFrom('store_locations').select('name').where('name', '=', 'RunMart Centre').executeTakeFirst();
    expect(store).toBeDefined();

    const list = await callRoute(t.app, priceSourcesApi.runs, { query: { source: 'cartwise-csv' }, headers: asUser(admin) });
    expect(ZPriceSourceRunList.parse(list.json()).runs.map((r) => r.runId)).toContain(runId);
  });

  it('downloads a feed URL (following a redirect) and imports it', async () => {
    const res = await startRun('cartwise-csv', { json: { url: `${feedOrigin}/moved` } });
    expect(res.statusCode, res.body).toBe(202);
    const run = await finishRun(ZStartedPriceSourceRun.parse(res.json()).runId);
    expect(run).toMatchObject({ status: 'succeeded', files: 1, prices: 2, unchanged: 2, errors: [] });
    const missing = await startRun('cartwise-csv', { json: { url: `${feedOrigin}/gone.csv` } });
    const failed = await finishRun(ZStartedPriceSourceRun.parse(missing.json()).runId);
    expect(failed).toMatchObject({
      status: 'failed',
      files: 0,
      errors: [{ file: 'gone.csv', message: expect.stringMatching(/answered 404/) }],
    });
  });

  it('records a source that cannot discover its inputs as a failed run with the reason', async () => {
    const res = await startRun('kroger', { json: {} });
    expect(res.statusCode, res.body).toBe(202);
    const run = await finishRun(ZStartedPriceSourceRun.parse(res.json()).runId);
    expect(run.status).toBe('failed');
    expect(run.errors[0]?.message).toMatch(/ZIP code/);
  });

  it('refuses shoppers, unknown sources, bad URLs, empty forms and a second run of a busy source', async () => {
    expect((await startRun('cartwise-csv', { json: { url: `${feedOrigin}/day.csv` } }, shopper)).statusCode).toBe(403);
    expect((await callRoute(t.app, priceSourcesApi.runs, { headers: asUser(shopper) })).statusCode).toBe(403);
    expect((await startRun('nope', { json: {} })).statusCode).toBe(404);
    expect((await startRun('cartwise-csv', { json: { url: 'ftp://example.com/a.csv' } })).statusCode).toBe(400);
    expect((await startRun('cartwise-csv', { json: { url: 'not a url' } })).statusCode).toBe(400);
    expect((await startRun('cartwise-csv', { json: {} })).statusCode).toBe(400);
    expect((await startRun('cartwise-csv', { files: [] })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/price-sources/runs/nope', headers: asUser(admin) })).statusCode).toBe(404);
    await t.app.db
      .insertInto('price_source_runs')
      .values({
        id: 'busy-run',
        source_id: 'hr-nn75',
        status: 'running',
        started_by: null,
        started_at: new Date().toISOString(),
        finished_at: null,
      })
      .execute();
    const busy = await startRun('hr-nn75', { files: [{ name: 'a.csv', text: 'x' }] });
    expect(busy.statusCode, busy.body).toBe(409);
    expect(readdirSync(toRunFolder(t.app, ''))).toEqual([]);
  });

  it('marks failed a run its stopped server left running, so the source runs again; a live run still blocks', async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const insertRun = (id: string, status: string, heartbeatAt: string | null, startedAt = minutesAgo(60)) =>
      t.app.db
        .insertInto('price_source_runs')
        .values({
          id,
          source_id: 'open-prices-csv',
          status,
          started_by: null,
          started_at: startedAt,
          finished_at: null,
          heartbeat_at: heartbeatAt,
        })
        .execute();
    await insertRun('dead-run', 'running', minutesAgo(6));
    await insertRun('dead-queued-run', 'queued', null);
    const csv = 'product_name,product_code,price,currency,date,location_osm_name\nNutella,3017620422003,4.20,EUR,2026-11-01,Corner\n';
    const res = await startRun('open-prices-csv', { files: [{ name: 'op.csv', text: csv }] });
    expect(res.statusCode, res.body).toBe(202);
    expect(await finishRun(ZStartedPriceSourceRun.parse(res.json()).runId)).toMatchObject({ status: 'succeeded', prices: 1 });
    for (const id of ['dead-run', 'dead-queued-run']) {
      const dead = await finishRun(id);
      expect(dead.status).toBe('failed');
      expect(dead.finishedAt).not.toBeNull();
      expect(dead.errors).toEqual([
        { file: 'open-prices-csv', message: expect.stringMatching(/^Interrupted: the run stopped reporting progress/) },
      ]);
    }

    await insertRun('live-run', 'running', minutesAgo(1));
    const busy = await startRun('open-prices-csv', { files: [{ name: 'op.csv', text: csv }] });
    expect(busy.statusCode, busy.body).toBe(409);
    expect((await finishRun('live-run')).status).toBe('running');
  });
});
