// npm run bench:scale:floor: what one statement costs through `app.db` (a trivial `select 1`, wall and this
// process's CPU), beside the dashboard's three cases: a trusted repeat visit (no statement), an untrusted one (a write
// by someone else went first, so the versions are read) and one right after the shopper's own write (a rebuild).
// On the demo database, without growth: a statement's round trip does not depend on the data. FLOOR_DB=sqlite|postgres
// runs one database; FLOOR_RUNS timed runs each (default 1000) after a tenth as many warm-up runs.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { App } from '../../server/src/app-types';
import { seedDemo } from '../../server/src/seed/seed';
import { forEachDatabase, signIn, startScaleApp } from './setup';

const RUNS = Number(process.env.FLOOR_RUNS ?? 1000);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 3130);

async function measure(run: () => Promise<unknown>, prepare?: () => Promise<unknown>) {
  for (let i = 0; i < RUNS / 10; i++) {
    if (prepare) await prepare();
    await run();
  }
  const walls: number[] = [];
  let cpuUs = 0;
  for (let i = 0; i < RUNS; i++) {
    if (prepare) await prepare();
    const cpu = process.cpuUsage();
    const started = performance.now();
    await run();
    walls.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuUs += used.user + used.system;
  }
  walls.sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(3);
  return `median ${ms(walls[Math.floor(RUNS / 2)]!)} ms, fastest ${ms(walls[0]!)} ms, app CPU ${ms(cpuUs / RUNS / 1000)} ms`;
}

async function measureDatabase(kind: 'sqlite' | 'postgres', databaseUrl: string | null) {
  const app: App = await startScaleApp(`cartwise-floor-${kind}-`, databaseUrl);
  try {
    const demo = await seedDemo(app);
    const cookie = await signIn(app, 'shopper@cartwise.demo', 'cartwise-demo');
    const dashboard = async () => {
      const response = await app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } });
      if (response.statusCode !== 200) throw new Error(`dashboard: ${response.statusCode}`);
    };
    const touch = (userId: string) => () =>
      app.db.updateTable('shopping_lists').set({ updated_at: new Date().toISOString() }).where('user_id', '=', userId).execute();
    const strangerId = (
      await app.db.selectFrom('user').select('id').where('email', '=', 'operator@cartwise.demo').executeTakeFirstOrThrow()
    ).id;
    const lines = [
      `select 1 through app.db: ${await measure(() => sql`select 1`.execute(app.db))}`,
      `dashboard, trusted repeat visit: ${await measure(dashboard)}`,
      `dashboard, untrusted repeat visit (another user wrote): ${await measure(dashboard, touch(strangerId))}`,
      `dashboard right after the shopper's write: ${await measure(dashboard, touch(demo.shopperId))}`,
    ];
    process.stdout.write(`${kind} (${RUNS} runs each)\n${lines.map((line) => `  ${line}\n`).join('')}`);
  } finally {
    await app.close();
    fs.rmSync(app.config.dataDir, { recursive: true, force: true });
  }
}

await forEachDatabase(process.env.FLOOR_DB, PG_PORT, measureDatabase);
