// npm run bench:ingest: imports the shared Israeli day and a generated national day through the il-transparency
// source on SQLite and PostgreSQL (embedded), first into an empty database and then again unchanged, while another
// shopper reads their pantry. Prints price and promotion rows/s, the import's speed as a ratio of reading the same
// files without a database (the baseline, measured in the same run), peak RSS, the re-import speed-up, and the
// neighbour's pantry p99 and the longest event-loop delay.
//   --scale <f>   national day with round(300 x f) stores of 15,000 products (default 0.05: 15 stores); 0 skips it
//   --db sqlite|postgres|both|none (default both; none only reads the files)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { ilTransparencySource, listIlFiles, type SourceInput } from '../../server/src/features/price-sources';
import { findSharedPrices } from '../../server/src/features/price-sources/sources/source-test-kit';
import { startPostgres } from '../scale/setup';
import type { ChildCommand, ChildMeasured, ChildReply, MemoryBreakdown } from './import-child';
import { readSampleItems, writeNationalDay } from './national-day';

const { values: args } = parseArgs({
  options: { scale: { type: 'string', default: '0.05' }, db: { type: 'string', default: 'both' } },
});
const SCALE = Number(args.scale);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 3134);
const SAMPLE_DAY = path.join(findSharedPrices(), 'israel/xml/2026-08-15');
const NATIONAL_PRODUCTS = 15_000;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where the import process is built, with the server's bundles (migrations, write thread) beside it. */
const CHILD_DIR = path.join(ROOT, 'bench/ingest/dist');

interface Dataset {
  name: string;
  dir: string;
  prices: number;
  promotionRows: number;
  /** Rows per second read through the source without a database: the baseline. */
  readRowsPerSecond: number;
  /** CPU seconds of that reading (this process, one thread but for V8's helpers). */
  readCpuSeconds: number;
}

interface Measured extends ChildMeasured {
  /** CPU time of the embedded PostgreSQL server's processes (0 on SQLite). */
  serverCpuSeconds: number;
  /** CPU seconds of the import process's main thread and of its other threads (ended threads are not counted). */
  threadCpu: { main: number; others: number };
  /** The import process's peak RSS (VmRSS sampled every 20 ms and its VmHWM, both from /proc: every thread). */
  peakRssMb: number;
}

/**
 * CPU seconds (user + system, with reaped children's) of every process descending from this one but not from
 * `excludedPid`, read from /proc: the embedded PostgreSQL's postmaster and backends, not the import process.
 * Linux only; 0 elsewhere.
 */
function readChildrenCpuSeconds(excludedPid: number): number {
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
    let parent: number | undefined = pid;
    while (parent && parent !== process.pid && parent !== excludedPid) parent = parents.get(parent);
    if (parent === process.pid) total += used;
  }
  // Linux reports these in clock ticks of 1/100 s.
  return total / 100;
}

/**
 * CPU seconds of a process's main thread and of its other threads (the write thread, V8's collector and compiler
 * helpers, libuv's pool), from /proc/<pid>/task; zeros when they cannot be read.
 */
function readThreadCpuSeconds(pid: number): { main: number; others: number } {
  const cpu = { main: 0, others: 0 };
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
      if (Number(tid) === pid) cpu.main += seconds;
      else cpu.others += seconds;
    }
  } catch {
    // Not Linux, or the process is gone.
  }
  return cpu;
}

/** A field of /proc/<pid>/status in MB (VmRSS, VmHWM), 0 when it cannot be read. */
function readStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? (Number(match[1]) * 1024) / 1e6 : 0;
  } catch {
    return 0;
  }
}

async function collectInputs(dir: string): Promise<SourceInput[]> {
  const inputs: SourceInput[] = [];
  for await (const input of listIlFiles(dir)) inputs.push(input);
  return inputs;
}

async function describeDataset(name: string, dir: string): Promise<Dataset> {
  const ctx = { signal: new AbortController().signal } as Parameters<typeof ilTransparencySource.read>[1];
  let prices = 0;
  let promotionRows = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (const input of await collectInputs(dir))
    for await (const record of ilTransparencySource.read(input, ctx)) {
      if (record.type === 'price') prices += 1;
      else if (record.type === 'promotion') promotionRows += record.promotion.products.length;
    }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const readCpuSeconds = (cpu.user + cpu.system) / 1e6;
  return { name, dir, prices, promotionRows, readRowsPerSecond: (prices + promotionRows) / seconds, readCpuSeconds };
}

/** The import process on one database, compiled as the server is and started with `npm run serve`'s flags. */
class ImportChild {
  private readonly child: ChildProcess;
  private readonly replies: ChildReply[] = [];
  private waiting: ((reply: ChildReply) => void) | null = null;

  constructor(databaseUrl: string | null) {
    // BENCH_NODE_FLAGS adds flags, for comparing V8 settings.
    const flags = ['--expose-gc', '--enable-source-maps', ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean)];
    this.child = spawn(process.execPath, [...flags, path.join(CHILD_DIR, 'import-child.js')], {
      env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2', BENCH_DATABASE_URL: databaseUrl ?? '' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (reply: ChildReply) => {
      if (this.waiting) this.waiting(reply);
      else this.replies.push(reply);
    });
    this.child.on('exit', (code) => this.waiting?.({ type: 'failed', message: `the import process exited with ${code}` }));
  }

  get pid(): number {
    return this.child.pid!;
  }

  async next(): Promise<ChildReply> {
    const queued = this.replies.shift();
    const reply = queued ?? (await new Promise<ChildReply>((resolve) => (this.waiting = resolve)));
    this.waiting = null;
    if (reply.type === 'failed') throw new Error(reply.message);
    return reply;
  }

  async ask(command: ChildCommand): Promise<ChildReply> {
    this.child.send(command);
    return this.next();
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'close' } satisfies ChildCommand);
    await exited;
  }
}

async function measureImport(child: ImportChild, dir: string): Promise<Measured> {
  // VmHWM is the process's peak so far; writing 5 to clear_refs starts it again at the current RSS.
  try {
    fs.writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
  } catch {
    // Not Linux, or not allowed: the 20 ms samples remain.
  }
  let peakRss = readStatusMb(child.pid, 'VmRSS');
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, readStatusMb(child.pid, 'VmRSS'))), 20);
  const serverCpuBefore = readChildrenCpuSeconds(child.pid);
  const threadsBefore = readThreadCpuSeconds(child.pid);
  const reply = await child.ask({ type: 'import', dir });
  const serverCpuSeconds = readChildrenCpuSeconds(child.pid) - serverCpuBefore;
  const threadsAfter = readThreadCpuSeconds(child.pid);
  const threadCpu = { main: threadsAfter.main - threadsBefore.main, others: threadsAfter.others - threadsBefore.others };
  clearInterval(sampler);
  if (reply.type !== 'imported') throw new Error(`unexpected reply ${reply.type}`);
  return { ...reply.measured, serverCpuSeconds, threadCpu, peakRssMb: Math.max(peakRss, readStatusMb(child.pid, 'VmHWM')) };
}

/** Where the import's CPU went, per row of both kinds: the main thread, the process's other threads, PostgreSQL. */
function formatThreads(m: Measured, dataset: Dataset): string {
  const perRow = (seconds: number) => ((seconds * 1e6) / (dataset.prices + dataset.promotionRows)).toFixed(1);
  return (
    `CPU per row: main thread ${perRow(m.threadCpu.main)} us, other threads ${perRow(m.threadCpu.others)} us, ` +
    `PostgreSQL ${perRow(m.serverCpuSeconds)} us (reading alone ${perRow(dataset.readCpuSeconds)} us)`
  );
}

const formatMemory = (m: MemoryBreakdown) =>
  `RSS ${Math.round(m.rssMb)} MB (heap ${Math.round(m.heapUsedMb)} used of ${Math.round(m.heapTotalMb)}, ` +
  `external ${Math.round(m.externalMb)}, array buffers ${Math.round(m.arrayBuffersMb)})`;

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

async function reportLive(child: ImportChild, kind: string): Promise<void> {
  const reply = await child.ask({ type: 'memory', isCollected: true });
  if (reply.type === 'memory') process.stderr.write(`  ${kind}: live after a full collection, ${formatMemory(reply.memory)}\n`);
}

async function runDatabase(kind: 'SQLite' | 'PostgreSQL', databaseUrl: string | null, datasets: Dataset[]): Promise<string[]> {
  const child = new ImportChild(databaseUrl);
  const rows: string[] = [];
  try {
    await child.next();
    const atRest = await child.ask({ type: 'memory' });
    if (atRest.type === 'memory') process.stderr.write(`${kind}: at rest after start, ${formatMemory(atRest.memory)}\n`);
    for (const dataset of datasets) {
      const first = await measureImport(child, dataset.dir);
      rows.push(formatRow(kind, dataset, 'first', first));
      process.stderr.write(`${rows.at(-1)}\n  ${formatThreads(first, dataset)}; after it: ${formatMemory(first.memory)}\n`);
      await reportLive(child, kind);
      const again = await measureImport(child, dataset.dir);
      rows.push(formatRow(kind, dataset, 'unchanged', again, first));
      process.stderr.write(`${rows.at(-1)}\n  ${formatThreads(again, dataset)}; after it: ${formatMemory(again.memory)}\n`);
      await reportLive(child, kind);
    }
  } finally {
    await child.close();
  }
  return rows;
}

if (args.db !== 'none') {
  const build = spawnSync(
    process.execPath,
    ['scripts/build-server.mjs', '--outdir', CHILD_DIR, '--entry', 'import-child=bench/ingest/import-child.ts'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (build.status !== 0) throw new Error('the import process did not build');
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
