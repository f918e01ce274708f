// npm run bench:scale:row-cpu: what the rows issue 37 tracks cost per request as bench:scale grows the database, in
// terms the machine's load moves least: CPU of this process and of every PostgreSQL process (from /proc, 10 ms
// ticks over ROW_CPU_REQUESTS requests, default 100) and the fastest request, beside the median. Grows the same steps
// as bench:scale (BENCH_SCALE_FULL=1 for the fourth); ROW_CPU_DB=sqlite|postgres runs one database.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { App } from '../../server/src/app-types';
import { seedDemo } from '../../server/src/seed/seed';
import { growTo } from './grow';
import { createFreeTextList, forEachDatabase, signIn, startPostgresCpuMeter, startScaleApp, STEPS } from './setup';

const REQUESTS = Number(process.env.ROW_CPU_REQUESTS ?? 100);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 3130);

interface Row {
  name: string;
  url: string;
  isOperator: boolean;
  prepare?: () => Promise<unknown>;
}

async function measureRow(app: App, row: Row, cookie: string) {
  const send = async () => {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: row.url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${row.url}: ${response.statusCode}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 10; i++) {
    if (row.prepare) await row.prepare();
    await send();
  }
  const readPostgresMs = await startPostgresCpuMeter(app);
  let appMs = 0;
  const walls: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    // The write before a "right after a write" request is not the request's cost: this process's CPU leaves it out
    // (PostgreSQL's CPU counts it, a one-row UPDATE).
    if (row.prepare) await row.prepare();
    const cpu = process.cpuUsage();
    walls.push(await send());
    const used = process.cpuUsage(cpu);
    appMs += (used.user + used.system) / 1000;
  }
  const postgresMs = readPostgresMs() / REQUESTS;
  walls.sort((a, b) => a - b);
  return { appMs: appMs / REQUESTS, postgresMs, fastest: walls[0]!, median: walls[Math.floor(REQUESTS / 2)]! };
}

async function measureDatabase(kind: 'sqlite' | 'postgres', databaseUrl: string | null) {
  const app = await startScaleApp(`cartwise-row-cpu-${kind}-`, databaseUrl);
  try {
    const demo = await seedDemo(app);
    const bareNoun = await createFreeTextList(app, demo.shopperId, ['milk']);
    const shopper = await signIn(app, 'shopper@cartwise.demo', 'cartwise-demo');
    const operator = await signIn(app, 'operator@cartwise.demo', 'cartwise-demo');
    const touch = () =>
      app.db.updateTable('shopping_lists').set({ updated_at: new Date().toISOString() }).where('user_id', '=', demo.shopperId).execute();
    const rows: Row[] = [
      { name: 'GET /api/dashboard (right after a write)', url: '/api/dashboard', isOperator: false, prepare: touch },
      { name: 'GET /api/lists/:id/recommendations (bare noun "milk")', url: `/api/lists/${bareNoun}/recommendations`, isOperator: false },
      { name: 'GET /api/admin/price-book', url: '/api/admin/price-book', isOperator: true },
      { name: 'GET /api/admin/stores', url: '/api/admin/stores', isOperator: true },
      { name: 'GET /api/admin/stats?fresh=1', url: '/api/admin/stats?fresh=1', isOperator: true },
    ];
    for (const [index, step] of STEPS.entries()) {
      await growTo(app, step, 1000 + index);
      if (app.database.pool) await app.database.pool.query('VACUUM ANALYZE');
      const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
      process.stdout.write(`${kind} step ${index + 1} (${step.stores} stores, ${step.observations / 1000}k obs), load ${load}\n`);
      for (const row of rows) {
        const result = await measureRow(app, row, row.isOperator ? operator : shopper);
        process.stdout.write(
          `  ${row.name}: CPU ${result.appMs.toFixed(2)} + ${result.postgresMs.toFixed(2)} = ${(result.appMs + result.postgresMs).toFixed(2)} ms/req, fastest ${result.fastest.toFixed(2)} ms, median ${result.median.toFixed(2)} ms\n`,
        );
      }
    }
  } finally {
    await app.close();
    fs.rmSync(app.config.dataDir, { recursive: true, force: true });
  }
}

await forEachDatabase(process.env.ROW_CPU_DB, PG_PORT, measureDatabase);
