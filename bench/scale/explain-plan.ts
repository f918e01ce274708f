// EXPLAIN (ANALYZE, BUFFERS) of every statement a split-cart plan sends, for the demo shopper's list and the typed
// list, on PostgreSQL grown through bench:scale's steps (BENCH_SCALE_FULL=1 for the fourth). Prints per statement
// its execution and planning time (medians of 5 runs of EXPLAIN ANALYZE) and the plan of the last run.
// BENCH_EXPLAIN_DIR=<dir> keeps the database there and reuses it on the next run (migrations still run), so a new
// index or query can be compared on the same data without growing it again; BENCH_EXPLAIN_STEPS=<n> grows only the
// first n steps. Each plan's request time is also printed as the fastest and the median of 30 (the fastest moves
// least with the machine's load).
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { App } from '../../server/src/app-types';
import { seedDemo } from '../../server/src/seed/seed';
import { growTo } from './grow';
import { createFreeTextList, signIn, startPostgres, startScaleApp, STEPS } from './setup';

const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 3130);
const RUNS = 5;
const REQUESTS = 30;
const STEP_COUNT = Number(process.env.BENCH_EXPLAIN_STEPS ?? STEPS.length);

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

interface Executor {
  executeQuery: (this: Executor, query: Captured, ...rest: unknown[]) => Promise<unknown>;
}

/** The statements `run` sends through the app's Kysely instance, in order. */
async function captureStatements(app: App, run: () => Promise<unknown>): Promise<Captured[]> {
  let owner: object | null = app.db.getExecutor();
  while (owner && !Object.prototype.hasOwnProperty.call(owner, 'executeQuery')) owner = Object.getPrototypeOf(owner) as object | null;
  if (!owner) throw new Error('no executeQuery on the Kysely executor');
  const target = owner as Executor;
  const original = target.executeQuery;
  const captured: Captured[] = [];
  target.executeQuery = function (this: Executor, query, ...rest) {
    captured.push({ sql: query.sql, parameters: query.parameters });
    return original.call(this, query, ...rest);
  };
  try {
    await run();
  } finally {
    target.executeQuery = original;
  }
  return captured;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function explain(app: App, statement: Captured): Promise<{ ms: number; planningMs: number; plan: string }> {
  const times: number[] = [];
  const planning: number[] = [];
  let plan = '';
  for (let i = 0; i < RUNS; i++) {
    const result = await app.database.pool!.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
      statement.parameters as unknown[],
    );
    plan = result.rows.map((r) => r['QUERY PLAN']).join('\n');
    times.push(Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN));
    planning.push(Number(/Planning Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN));
  }
  return { ms: median(times), planningMs: median(planning), plan };
}

async function timePlan(app: App, url: string, cookie: string): Promise<{ fastest: number; median: number }> {
  const times: number[] = [];
  for (let i = 0; i <= REQUESTS; i++) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    if (i > 0) times.push(performance.now() - started);
  }
  return { fastest: Math.min(...times), median: median(times) };
}

const keepDir = process.env.BENCH_EXPLAIN_DIR;
const pg = await startPostgres(PG_PORT, keepDir);
const app = await startScaleApp('cartwise-explain-', pg.url);
try {
  if (pg.isNew) {
    const demo = await seedDemo(app);
    await createFreeTextList(app, demo.shopperId);
    await createFreeTextList(app, demo.shopperId, ['milk'], 'Bare noun');
    for (const [index, step] of STEPS.slice(0, STEP_COUNT).entries()) await growTo(app, step, 1000 + index);
  }
  await app.database.pool!.query('VACUUM ANALYZE');
  const shopper = await signIn(app, 'shopper@cartwise.demo', 'cartwise-demo');
  const shopperId = (
    await app.db.selectFrom('profiles').select('id').where('email', '=', 'shopper@cartwise.demo').executeTakeFirstOrThrow()
  ).id;
  const lists = await app.db
    .selectFrom('shopping_lists')
    .select(['id', 'name'])
    .where('user_id', '=', shopperId)
    .orderBy('created_at')
    .execute();
  const plans = [
    { name: 'plan', listId: lists.find((l) => l.name !== 'Typed list' && l.name !== 'Bare noun')!.id },
    { name: 'plan (free-text items)', listId: lists.find((l) => l.name === 'Typed list')!.id },
    { name: 'plan (bare noun "milk")', listId: lists.find((l) => l.name === 'Bare noun')?.id },
  ].filter((plan): plan is { name: string; listId: string } => plan.listId !== undefined);
  const counts = await app.database.pool!.query<{ n: string }>('SELECT count(*) AS n FROM price_observations');
  process.stdout.write(`price_observations: ${counts.rows[0]!.n}\n\n`);
  for (const plan of plans) {
    const url = `/api/lists/${plan.listId}/recommendations`;
    const time = await timePlan(app, url, shopper);
    const statements = await captureStatements(app, () => app.inject({ method: 'GET', url, headers: { cookie: shopper } }));
    process.stdout.write(
      `## ${plan.name}: fastest ${time.fastest.toFixed(1)} ms, median ${time.median.toFixed(1)} ms per request, ${statements.length} statements\n\n`,
    );
    let total = 0;
    let totalPlanning = 0;
    for (const [i, statement] of statements.entries()) {
      const { ms: statementMs, planningMs, plan: text } = await explain(app, statement);
      total += statementMs;
      totalPlanning += planningMs;
      process.stdout.write(
        `### ${i + 1}. ${statementMs.toFixed(2)} ms (planning ${planningMs.toFixed(2)} ms): ${statement.sql.replace(/\s+/g, ' ').slice(0, 160)}\n`,
      );
      if (process.env.BENCH_EXPLAIN_PLANS !== '0') process.stdout.write(`${text}\n\n`);
    }
    process.stdout.write(`sum of execution times: ${total.toFixed(2)} ms, of planning times: ${totalPlanning.toFixed(2)} ms\n\n`);
  }
} finally {
  await app.close();
  await pg.stop();
  fs.rmSync(app.config.dataDir, { recursive: true, force: true });
}
