// npm run bench:ingest: imports the shared Israeli day and a generated national day through the il-transparency
// source on SQLite and PostgreSQL (embedded), first into an empty database and then again unchanged, while another
// shopper reads their pantry. Prints price and promotion rows/s, the import's speed as a ratio of reading the same
// files without a database (the baseline, measured in the same run), peak RSS, the re-import speed-up, and the
// neighbour's pantry p99 and the longest event-loop delay.
//   --scale <f>   national day with round(300 x f) stores of 15,000 products (default 0.05: 15 stores); 0 skips it
//   --db sqlite|postgres|both|none (default both; none only reads the files)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { App } from '../../server/src/app-types';
import { ilTransparencySource, listIlFiles, runPriceImport, type SourceInput } from '../../server/src/features/price-sources';
import { findSharedPrices } from '../../server/src/features/price-sources/sources/source-test-kit';
import { signIn, startPostgres, startScaleApp } from '../scale/setup';
import { readSampleItems, writeNationalDay } from './national-day';

const { values: args } = parseArgs({
  options: { scale: { type: 'string', default: '0.05' }, db: { type: 'string', default: 'both' } },
});
const SCALE = Number(args.scale);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 3134);
const SAMPLE_DAY = path.join(findSharedPrices(), 'israel/xml/2026-08-15');
const NATIONAL_PRODUCTS = 15_000;

interface Dataset {
  name: string;
  dir: string;
  prices: number;
  promotionRows: number;
  /** Rows per second read through the source without a database: the baseline. */
  readRowsPerSecond: number;
}

interface Measured {
  seconds: number;
  /** This process's CPU time (user + system), less sensitive to other work on the machine than the wall time. */
  cpuSeconds: number;
  /** CPU time of this process's child processes: the embedded PostgreSQL server (0 on SQLite). */
  serverCpuSeconds: number;
  peakRssMb: number;
  pantryP99: number;
  pantryMax: number;
  pantryRequests: number;
  loopMaxMs: number;
  errors: number;
}

/**
 * CPU seconds (user + system, with reaped children's) of every process descending from this one, read from /proc:
 * the embedded PostgreSQL's postmaster and backends. Linux only; 0 elsewhere.
 */
function readChildrenCpuSeconds(): number {
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return 0;
  }
  for (const entry of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
    } catch {
      // The process ended while the list was read.
    }
  }
  let total = 0;
  for (const [pid, used] of ticks) {
    if (pid === process.pid) continue;
    let parent = parents.get(pid);
    while (parent && parent !== process.pid) parent = parents.get(parent);
    if (parent === process.pid) total += used;
  }
  // Linux reports these in clock ticks of 1/100 s.
  return total / 100;
}

async function collectInputs(dir: string): Promise<SourceInput[]> {
  const inputs: SourceInput[] = [];
  for await (const input of listIlFiles(dir)) inputs.push(input);
  return inputs;
}

const percentile = (values: number[], p: number) =>
  values.length === 0 ? 0 : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function describeDataset(name: string, dir: string): Promise<Dataset> {
  const ctx = { signal: new AbortController().signal } as Parameters<typeof ilTransparencySource.read>[1];
  let prices = 0;
  let promotionRows = 0;
  const started = performance.now();
  for (const input of await collectInputs(dir))
    for await (const record of ilTransparencySource.read(input, ctx)) {
      if (record.type === 'price') prices += 1;
      else if (record.type === 'promotion') promotionRows += record.promotion.products.length;
    }
  const seconds = (performance.now() - started) / 1000;
  return { name, dir, prices, promotionRows, readRowsPerSecond: (prices + promotionRows) / seconds };
}

/** One import of `dir`, with another shopper reading their pantry every 5 ms meanwhile. */
async function measureImport(app: App, dir: string, neighbourCookie: string): Promise<Measured> {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  // The longest wait of a 5 ms timer past its time: how long the import held the event loop at once.
  let loopMaxMs = 0;
  let lastTick = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    loopMaxMs = Math.max(loopMaxMs, now - lastTick - 5);
    lastTick = now;
  }, 5);
  const latencies: number[] = [];
  let isRunning = true;
  const neighbour = (async () => {
    while (isRunning) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: '/api/pantry', headers: { cookie: neighbourCookie } });
      if (response.statusCode !== 200) throw new Error(`pantry answered ${response.statusCode}`);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const cpuBefore = process.cpuUsage();
  const serverCpuBefore = readChildrenCpuSeconds();
  const started = performance.now();
  // As the server's runs do: on SQLite the writes go on a worker thread with its own connection.
  const inputs = await collectInputs(dir);
  const result = await runPriceImport(app, { source: ilTransparencySource, inputs, sqliteFile: app.database.sqlitePath });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const serverCpuSeconds = readChildrenCpuSeconds() - serverCpuBefore;
  isRunning = false;
  await neighbour;
  clearInterval(ticker);
  clearInterval(sampler);
  for (const error of result.errors) process.stderr.write(`  error: ${error.file}: ${error.message}\n`);
  return {
    seconds,
    peakRssMb: Math.max(peakRss, process.memoryUsage().rss) / 1e6,
    pantryP99: percentile(latencies, 0.99),
    pantryMax: Math.max(0, ...latencies),
    pantryRequests: latencies.length,
    loopMaxMs,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    serverCpuSeconds,
    errors: result.errors.length,
  };
}

async function createNeighbour(app: App): Promise<string> {
  const email = 'neighbour@ingest.test';
  await app.inject({
    method: 'POST',
    url: '/api/signup',
    headers: { origin: app.config.publicUrl },
    payload: { email, password: 'neighbour-password', name: 'Neighbour' },
  });
  return signIn(app, email, 'neighbour-password');
}

function formatRow(kind: string, dataset: Dataset, label: string, m: Measured, first?: Measured): string {
  const pricesPerSecond = dataset.prices / m.seconds;
  const promotionsPerSecond = dataset.promotionRows / m.seconds;
  const ratio = (dataset.prices + dataset.promotionRows) / m.seconds / dataset.readRowsPerSecond;
  const speedUp = first ? `${(first.seconds / m.seconds).toFixed(1)}x` : '';
  return (
    `| ${kind} | ${dataset.name} | ${label} | ${m.seconds.toFixed(1)} | ${m.cpuSeconds.toFixed(1)} | ${m.serverCpuSeconds.toFixed(1)} | ${Math.round(pricesPerSecond).toLocaleString('en')} | ` +
    `${Math.round(promotionsPerSecond).toLocaleString('en')} | ${ratio.toFixed(2)} | ${speedUp} | ${Math.round(m.peakRssMb)} | ` +
    `${m.pantryP99.toFixed(1)} / ${m.pantryMax.toFixed(1)} (${m.pantryRequests}) | ${m.loopMaxMs.toFixed(0)} | ${m.errors} |`
  );
}

async function runDatabase(kind: 'SQLite' | 'PostgreSQL', databaseUrl: string | null, datasets: Dataset[]): Promise<string[]> {
  const app = await startScaleApp(`cartwise-ingest-${kind.toLowerCase()}-`, databaseUrl);
  const rows: string[] = [];
  try {
    const neighbour = await createNeighbour(app);
    for (const dataset of datasets) {
      const first = await measureImport(app, dataset.dir, neighbour);
      rows.push(formatRow(kind, dataset, 'first', first));
      process.stderr.write(`${rows.at(-1)}\n`);
      const again = await measureImport(app, dataset.dir, neighbour);
      rows.push(formatRow(kind, dataset, 'unchanged', again, first));
      process.stderr.write(`${rows.at(-1)}\n`);
    }
  } finally {
    await app.close();
    fs.rmSync(app.config.dataDir, { recursive: true, force: true });
  }
  return rows;
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-ingest-'));
try {
  const datasets = [await describeDataset('Israeli day (5 stores)', SAMPLE_DAY)];
  if (SCALE > 0) {
    const stores = Math.max(1, Math.round(300 * SCALE));
    const started = performance.now();
    const items = await readSampleItems(SAMPLE_DAY, NATIONAL_PRODUCTS);
    await writeNationalDay(path.join(scratch, 'national'), items, stores);
    process.stderr.write(`national day written in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    datasets.push(await describeDataset(`national day (${stores} stores x ${items.length} products)`, path.join(scratch, 'national')));
  }
  for (const d of datasets)
    process.stderr.write(
      `${d.name}: ${d.prices} prices, ${d.promotionRows} promotion rows, read alone at ${Math.round(d.readRowsPerSecond)} rows/s\n`,
    );
  const rows: string[] = [];
  if (args.db === 'sqlite' || args.db === 'both') rows.push(...(await runDatabase('SQLite', null, datasets)));
  if (args.db === 'postgres' || args.db === 'both') {
    const pg = await startPostgres(PG_PORT);
    try {
      rows.push(...(await runDatabase('PostgreSQL', pg.url, datasets)));
    } finally {
      await pg.stop();
    }
  }
  const lines = [
    `| database | data | import | s | CPU s | PostgreSQL CPU s | prices rows/s | promotion rows/s | vs reading alone | re-import speed-up | peak RSS MB | neighbour pantry p99 / max ms (requests) | event-loop max ms | errors |`,
    `|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|`,
    ...rows,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
