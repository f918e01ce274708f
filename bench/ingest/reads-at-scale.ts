// npm run bench:ingest:reads: do a shopper's plans and the operator's pages stay as fast once a national day of
// feed prices is in the database? Imports the shared Israeli day (5 stores), times the reads, imports the generated
// national day (round(300 x scale) stores x 15,000 products: 4.5M prices at --scale 1) into the same database,
// and times them again. Printed per read: median ms before and after, and after/before (the baseline is the
// same database before the national day, measured in the same run).
//   --scale <f>   national day size (default 1)
//   --db sqlite|postgres (default sqlite)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { App } from '../../server/src/app-types';
import { ilTransparencySource, listIlFiles, runPriceImport, type SourceInput } from '../../server/src/features/price-sources';
import { findSharedPrices } from '../../server/src/features/price-sources/sources/source-test-kit';
import { seedDemo } from '../../server/src/seed/seed';
import { createFreeTextList, createList, signIn, startPostgres, startScaleApp } from '../scale/setup';
import { readSampleItems, writeNationalDay } from './national-day';

const { values: args } = parseArgs({ options: { scale: { type: 'string', default: '1' }, db: { type: 'string', default: 'sqlite' } } });
const SCALE = Number(args.scale);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 3135);
const SAMPLE_DAY = path.join(findSharedPrices(), 'israel/xml/2026-08-15');
const NATIONAL_PRODUCTS = 15_000;
const BASKET_SIZE = 20;
const WARM_UP = 10;
const TIMED = 30;

interface Read {
  name: string;
  url: string;
  cookie: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function importDir(app: App, dir: string): Promise<void> {
  const inputs: SourceInput[] = [];
  for await (const input of listIlFiles(dir)) inputs.push(input);
  const started = performance.now();
  const result = await runPriceImport(app, { source: ilTransparencySource, inputs, sqliteFile: app.database.sqlitePath });
  if (result.errors.length > 0) throw new Error(`import of ${dir} failed: ${JSON.stringify(result.errors.slice(0, 3))}`);
  process.stderr.write(
    `imported ${inputs.length} files from ${path.basename(dir)} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

async function timeRead(app: App, read: Read): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + TIMED; i++) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: read.url, headers: { cookie: read.cookie } });
    if (response.statusCode !== 200) throw new Error(`${read.url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    if (i >= WARM_UP) times.push(performance.now() - started);
    // As a request arriving over HTTP does, the next one waits for the event loop's next turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return median(times);
}

/** A list of products the national day prices at every one of its stores, linked by product id. */
async function createFeedBasket(app: App, userId: string, gtins: string[]): Promise<string> {
  const products = await app.db.selectFrom('products').select(['id', 'name']).where('barcode', 'in', gtins).execute();
  if (products.length < gtins.length / 2) throw new Error(`only ${products.length} of ${gtins.length} feed products found`);
  return createList(
    app,
    userId,
    products.map((product) => ({ name: product.name, productId: product.id })),
    'Feed basket',
  );
}

async function measure(databaseUrl: string | null, nationalDir: string, basketGtins: string[]): Promise<string[]> {
  const app = await startScaleApp('cartwise-ingest-reads-', databaseUrl);
  try {
    const demo = await seedDemo(app);
    const shopper = await signIn(app, 'shopper@cartwise.demo', 'cartwise-demo');
    const operator = await signIn(app, 'operator@cartwise.demo', 'cartwise-demo');
    await importDir(app, SAMPLE_DAY);
    const basketId = await createFeedBasket(app, demo.shopperId, basketGtins);
    const bareNounId = await createFreeTextList(app, demo.shopperId, ['milk']);
    const feedProduct = await app.db.selectFrom('products').select('id').where('barcode', '=', basketGtins[0]!).executeTakeFirstOrThrow();
    const reads: Read[] = [
      { name: "the demo shopper's plan", url: `/api/lists/${demo.listIds[0]}/recommendations`, cookie: shopper },
      { name: `plan of ${BASKET_SIZE} feed products`, url: `/api/lists/${basketId}/recommendations`, cookie: shopper },
      { name: 'bare noun "milk" plan', url: `/api/lists/${bareNounId}/recommendations`, cookie: shopper },
      { name: "a feed product's price history", url: `/api/products/${feedProduct.id}/history`, cookie: shopper },
      { name: 'GET /api/stores', url: '/api/stores', cookie: shopper },
      { name: 'GET /api/admin/price-book', url: '/api/admin/price-book', cookie: operator },
      { name: 'GET /api/admin/stores', url: '/api/admin/stores', cookie: operator },
    ];
    const before: number[] = [];
    for (const read of reads) before.push(await timeRead(app, read));
    await importDir(app, nationalDir);
    if (app.database.pool) await app.database.pool.query('VACUUM ANALYZE');
    const after: number[] = [];
    for (const read of reads) after.push(await timeRead(app, read));
    const prices = await app.db
      .selectFrom('price_summaries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    process.stderr.write(`${Number(prices.n).toLocaleString('en')} latest prices after the national day\n`);
    return reads.map(
      (read, i) => `| ${read.name} | ${before[i]!.toFixed(1)} | ${after[i]!.toFixed(1)} | ${(after[i]! / before[i]!).toFixed(2)} |`,
    );
  } finally {
    await app.close();
    // BENCH_KEEP=1 leaves the SQLite file for a closer look.
    if (process.env.BENCH_KEEP === '1') process.stderr.write(`kept ${app.config.dataDir}\n`);
    else fs.rmSync(app.config.dataDir, { recursive: true, force: true });
  }
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-ingest-reads-'));
try {
  const stores = Math.max(1, Math.round(300 * SCALE));
  const items = await readSampleItems(SAMPLE_DAY, NATIONAL_PRODUCTS);
  await writeNationalDay(path.join(scratch, 'national'), items, stores);
  const gtins = items.slice(0, BASKET_SIZE).map((item) => item.code);
  const pg = args.db === 'postgres' ? await startPostgres(PG_PORT) : null;
  try {
    const rows = await measure(pg?.url ?? null, path.join(scratch, 'national'), gtins);
    const kind = pg ? 'PostgreSQL' : 'SQLite';
    const header = `| read (${kind}, national day ${stores} stores x ${items.length} products) | before ms | after ms | after/before |`;
    process.stdout.write(`${[header, '|---|---:|---:|---:|', ...rows].join('\n')}\n`);
  } finally {
    await pg?.stop();
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
