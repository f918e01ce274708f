// npm run bench:scale:plan-cpu: the split-cart plan's cost per request on SQLite and PostgreSQL after bench:scale's
// growth (BENCH_SCALE_FULL=1 for the fourth step; PLAN_CPU_STEPS=<n> for the first n; PLAN_CPU_DB=sqlite|postgres for
// one database): CPU time of this process and of the PostgreSQL backends (from /proc, 10 ms ticks over 100 requests),
// and wall time fastest / p25 / median of 100. On a shared machine CPU time and the fastest request move far less
// with the load than a median does.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { seedDemo } from '../../server/src/seed/seed';
import { growTo } from './grow';
import { createFreeTextList, forEachDatabase, signIn, startPostgresCpuMeter, startScaleApp, STEPS } from './setup';

const REQUESTS = 100;
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 3130);

async function measurePlans(kind: string, databaseUrl: string | null) {
  const app = await startScaleApp('cartwise-cpu-', databaseUrl);
  const demo = await seedDemo(app);
  const typed = await createFreeTextList(app, demo.shopperId);
  const bareNoun = await createFreeTextList(app, demo.shopperId, ['milk']);
  const steps = Number(process.env.PLAN_CPU_STEPS ?? STEPS.length);
  for (const [i, step] of STEPS.slice(0, steps).entries()) await growTo(app, step, 1000 + i);
  if (app.database.pool) await app.database.pool.query('VACUUM ANALYZE');
  const cookie = await signIn(app, 'shopper@cartwise.demo', 'cartwise-demo');
  for (const [name, listId] of [
    ['plan', demo.listIds[0]!],
    ['typed-item plan', typed],
    ['bare-noun plan ("milk")', bareNoun],
  ] as const) {
    const url = `/api/lists/${listId}/recommendations`;
    for (let i = 0; i < 10; i++) await app.inject({ method: 'GET', url, headers: { cookie } });
    const readPostgresMs = await startPostgresCpuMeter(app);
    const cpuBefore = process.cpuUsage();
    const walls: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      await app.inject({ method: 'GET', url, headers: { cookie } });
      walls.push(performance.now() - started);
    }
    const cpu = process.cpuUsage(cpuBefore);
    const postgresMs = readPostgresMs();
    walls.sort((a, b) => a - b);
    process.stdout.write(
      `${kind}, ${steps} steps, ${name}: this process's CPU ${((cpu.user + cpu.system) / 1000 / REQUESTS).toFixed(2)} ms/req, PostgreSQL backends' CPU ${(postgresMs / REQUESTS).toFixed(2)} ms/req, wall fastest / p25 / median ${walls[0]!.toFixed(1)} / ${walls[Math.floor(REQUESTS / 4)]!.toFixed(1)} / ${walls[Math.floor(REQUESTS / 2)]!.toFixed(1)} ms\n`,
    );
  }
  await app.close();
  fs.rmSync(app.config.dataDir, { recursive: true, force: true });
}

await forEachDatabase(process.env.PLAN_CPU_DB, PG_PORT, measurePlans);
