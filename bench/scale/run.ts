// npm run bench:scale: grows a database step by step with other people's data and times each endpoint for the
// demo shopper (whose own data never changes) and the demo operator, on SQLite and on PostgreSQL (embedded, from
// npm). Prints per endpoint the median of TIMED requests after WARM_UP untimed ones at each step, and last/first,
// PostgreSQL/SQLite at the last step, and another shopper's pantry latency while the operator loads the heaviest
// page (what an event-loop hold costs).
// BENCH_SCALE_DB=sqlite|postgres runs one database; BENCH_SCALE_FULL=1 adds the last step (10,000 users,
// 101,000 receipts), which takes several minutes to grow on this machine.
import fs from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { App } from '../../server/src/app-types';
import { seedDemo } from '../../server/src/seed/seed';
import { growTo } from './grow';
import { createFreeTextList, signIn, startPostgres, startScaleApp, STEPS } from './setup';

// Warm requests: PostgreSQL plans a prepared statement afresh for its first five runs (custom plans) and JIT-cold
// code paths cost more on the first requests, so a short median would measure those and move between runs.
const WARM_UP = 10;
const TIMED = 30;
/** Price book loads the neighbour measure makes at least (it loads for a second at least). */
const NEIGHBOUR_LOADS = 5;
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 3130);

interface Ids {
  shopperId: string;
  listId: string;
  freeTextListId: string;
  bareNounListId: string;
}

interface Endpoint {
  name: string;
  url: (ids: Ids) => string;
  isOperator: boolean;
  /** Runs untimed before each request. */
  prepare?: (app: App, ids: Ids) => Promise<unknown>;
}

/** A write to the demo shopper's own data (their lists' updated_at): their per-user caches must rebuild. */
const touchShopperData = (app: App, ids: Ids) =>
  app.db.updateTable('shopping_lists').set({ updated_at: new Date().toISOString() }).where('user_id', '=', ids.shopperId).execute();

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /api/pantry', url: () => '/api/pantry', isOperator: false },
  { name: 'GET /api/lists', url: () => '/api/lists', isOperator: false },
  { name: 'GET /api/deals', url: () => '/api/deals', isOperator: false },
  { name: 'GET /api/dashboard', url: () => '/api/dashboard', isOperator: false },
  { name: 'GET /api/dashboard (right after a write)', url: () => '/api/dashboard', isOperator: false, prepare: touchShopperData },
  { name: 'GET /api/analytics/spend', url: () => '/api/analytics/spend', isOperator: false },
  { name: 'GET /api/lists/:id/recommendations', url: ({ listId }) => `/api/lists/${listId}/recommendations`, isOperator: false },
  {
    name: 'GET /api/lists/:id/recommendations (free-text items)',
    url: ({ freeTextListId }) => `/api/lists/${freeTextListId}/recommendations`,
    isOperator: false,
  },
  {
    name: 'GET /api/lists/:id/recommendations (bare noun "milk")',
    url: ({ bareNounListId }) => `/api/lists/${bareNounListId}/recommendations`,
    isOperator: false,
  },
  { name: 'GET /api/admin/price-book', url: () => '/api/admin/price-book', isOperator: true },
  { name: 'GET /api/admin/stores', url: () => '/api/admin/stores', isOperator: true },
  { name: 'GET /api/admin/analytics', url: () => '/api/admin/analytics', isOperator: true },
  { name: 'GET /api/admin/stats?fresh=1', url: () => '/api/admin/stats?fresh=1', isOperator: true },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function timeEndpoint(app: App, url: string, cookie: string, prepare?: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + TIMED; i++) {
    if (prepare) await prepare();
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  return median(times);
}

/** Another shopper's pantry, every 2 ms, while the operator loads the price book (NEIGHBOUR_LOADS times, for 1 s at least). */
async function measureNeighbour(app: App, operatorCookie: string, shopperCookie: string) {
  const latencies: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  let isLoading = true;
  const neighbour = (async () => {
    while (isLoading) {
      const started = performance.now();
      await app.inject({ method: 'GET', url: '/api/pantry', headers: { cookie: shopperCookie } });
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  // At least a second of loads, so the neighbour's p99 rests on a few hundred requests, not a handful.
  const started = performance.now();
  // Each load then waits for the next turn of the event loop, as a request arriving over HTTP does: injected requests
  // on SQLite resolve in microtasks only, so back to back they would starve the neighbour's timer, which no real
  // operator's browser can do.
  for (let i = 0; i < NEIGHBOUR_LOADS || performance.now() - started < 1000; i++) {
    await app.inject({ method: 'GET', url: '/api/admin/price-book', headers: { cookie: operatorCookie } });
    await new Promise((resolve) => setImmediate(resolve));
  }
  isLoading = false;
  await neighbour;
  loop.disable();
  return { p99: percentile(latencies, 0.99), max: Math.max(...latencies), loopMaxMs: loop.max / 1e6, samples: latencies.length };
}

async function runDatabase(kind: 'sqlite' | 'postgres', databaseUrl: string | null) {
  const app = await startScaleApp(`cartwise-scale-${kind}-`, databaseUrl);
  try {
    const demo = await seedDemo(app);
    const shopper = await signIn(app, 'shopper@cartwise.demo', 'cartwise-demo');
    const operator = await signIn(app, 'operator@cartwise.demo', 'cartwise-demo');
    const neighbourEmail = 'neighbour@scale.test';
    await app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { origin: app.config.publicUrl },
      payload: { email: neighbourEmail, password: 'neighbour-password', name: 'Neighbour' },
    });
    const neighbour = await signIn(app, neighbourEmail, 'neighbour-password');
    const ids: Ids = {
      shopperId: demo.shopperId,
      listId: demo.listIds[0]!,
      freeTextListId: await createFreeTextList(app, demo.shopperId),
      bareNounListId: await createFreeTextList(app, demo.shopperId, ['milk']),
    };
    const times: number[][] = ENDPOINTS.map(() => []);
    const neighbours: { p99: number; max: number; loopMaxMs: number; samples: number }[] = [];
    for (const [index, step] of STEPS.entries()) {
      const started = performance.now();
      await growTo(app, step, 1000 + index);
      process.stderr.write(`${kind} step ${index + 1}: grown in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
      // What autovacuum does after a bulk load: statistics, and the visibility map that index-only scans need.
      if (kind === 'postgres') await app.database.pool!.query('VACUUM ANALYZE');
      for (const [i, endpoint] of ENDPOINTS.entries())
        times[i]!.push(
          await timeEndpoint(
            app,
            endpoint.url(ids),
            endpoint.isOperator ? operator : shopper,
            endpoint.prepare && (() => endpoint.prepare!(app, ids)),
          ),
        );
      neighbours.push(await measureNeighbour(app, operator, neighbour));
    }
    return { times, neighbours };
  } finally {
    await app.close();
    // BENCH_SCALE_KEEP=1 leaves the grown SQLite file for a closer look.
    if (process.env.BENCH_SCALE_KEEP === '1') process.stderr.write(`kept ${app.config.dataDir}\n`);
    else fs.rmSync(app.config.dataDir, { recursive: true, force: true });
  }
}

function printTable(kind: string, result: Awaited<ReturnType<typeof runDatabase>>, sqlite: Awaited<ReturnType<typeof runDatabase>> | null) {
  const stepHeaders = STEPS.map((s, i) => `step ${i + 1} (${s.users} users, ${s.receipts} receipts, ${s.observations / 1000}k obs) ms`);
  const lines = [
    `### ${kind}`,
    '',
    `| endpoint | ${stepHeaders.join(' | ')} | growth last/first | target |${sqlite ? ' PostgreSQL/SQLite (last) |' : ''}`,
    `|---|${STEPS.map(() => '---:').join('|')}|---:|---|${sqlite ? '---:|' : ''}`,
  ];
  for (const [i, endpoint] of ENDPOINTS.entries()) {
    const row = result.times[i]!;
    const ratio = row.at(-1)! / row[0]!;
    // Nothing may grow over 2x with other people's data; an operator page also stays under 100 ms.
    const isMet = ratio <= 2 && (!endpoint.isOperator || row.at(-1)! <= 100);
    const target = `<= 2x${endpoint.isOperator ? ', <= 100 ms' : ''}: ${isMet ? 'met' : 'NOT met'}`;
    const vsSqlite = sqlite ? ` ${(row.at(-1)! / sqlite.times[i]!.at(-1)!).toFixed(2)} |` : '';
    lines.push(`| ${endpoint.name} | ${row.map((t) => t.toFixed(1)).join(' | ')} | ${ratio.toFixed(2)} | ${target} |${vsSqlite}`);
  }
  lines.push('');
  lines.push(`Another shopper's GET /api/pantry while the operator loads the price book for 1 s (target: no hold over 50 ms):`);
  for (const [i, n] of result.neighbours.entries())
    lines.push(
      `- step ${i + 1}: ${n.samples} requests, p99 ${n.p99.toFixed(1)} ms, max ${n.max.toFixed(1)} ms, longest event-loop delay ${n.loopMaxMs.toFixed(1)} ms`,
    );
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

const which = process.env.BENCH_SCALE_DB;
let sqlite: Awaited<ReturnType<typeof runDatabase>> | null = null;
if (which !== 'postgres') {
  sqlite = await runDatabase('sqlite', null);
  printTable('SQLite', sqlite, null);
}
if (which !== 'sqlite') {
  const pg = await startPostgres(PG_PORT);
  try {
    printTable('PostgreSQL', await runDatabase('postgres', pg.url), sqlite);
  } finally {
    await pg.stop();
  }
}
