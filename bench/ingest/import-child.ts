// bench:ingest's import process: the app on one database, run as compiled JavaScript (run.ts bundles it with the
// server's build, flags and environment as `npm run serve` runs server/dist), so its memory is the product's and not
// the TypeScript loader's. It takes commands from run.ts over IPC: `import` runs one import of a directory the way
// the server's runs do while another shopper reads their pantry, and answers with what it measured in process;
// `memory` answers with its memory at rest. RSS is sampled by run.ts from /proc, which counts the write thread too.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { App } from '../../server/src/app-types';
import { ilTransparencySource, listIlFiles, runPriceImport, type SourceInput } from '../../server/src/features/price-sources';
import { signIn, startScaleApp } from '../scale/setup';

export interface ChildMeasured {
  seconds: number;
  /** This process's CPU time (user + system, every thread), less sensitive to other work than the wall time. */
  cpuSeconds: number;
  pantryP99: number;
  pantryMax: number;
  pantryRequests: number;
  loopMaxMs: number;
  errors: number;
  memory: MemoryBreakdown;
}

/** `process.memoryUsage()` in MB: the main thread's heap, memory outside it, and the process's RSS. */
export interface MemoryBreakdown {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
}

export type ChildCommand = { type: 'import'; dir: string } | { type: 'memory'; isCollected?: boolean } | { type: 'close' };
export type ChildReply =
  | { type: 'ready' }
  | { type: 'imported'; measured: ChildMeasured }
  | { type: 'memory'; memory: MemoryBreakdown }
  | { type: 'failed'; message: string };

const toMb = (bytes: number) => Math.round(bytes / 1e5) / 10;

function readMemory(): MemoryBreakdown {
  const m = process.memoryUsage();
  return {
    rssMb: toMb(m.rss),
    heapUsedMb: toMb(m.heapUsed),
    heapTotalMb: toMb(m.heapTotal),
    externalMb: toMb(m.external),
    arrayBuffersMb: toMb(m.arrayBuffers),
  };
}

const percentile = (values: number[], p: number) =>
  values.length === 0 ? 0 : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function collectInputs(dir: string): Promise<SourceInput[]> {
  const inputs: SourceInput[] = [];
  for await (const input of listIlFiles(dir)) inputs.push(input);
  return inputs;
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

/** One import of `dir`, with another shopper reading their pantry every 5 ms meanwhile. */
async function measureImport(app: App, dir: string, neighbourCookie: string): Promise<ChildMeasured> {
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
  const started = performance.now();
  // As the server's runs do: on SQLite the writes go on a worker thread with its own connection.
  const inputs = await collectInputs(dir);
  const result = await runPriceImport(app, { source: ilTransparencySource, inputs, sqliteFile: app.database.sqlitePath });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  isRunning = false;
  await neighbour;
  clearInterval(ticker);
  for (const error of result.errors) process.stderr.write(`  error: ${error.file}: ${error.message}\n`);
  return {
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    pantryP99: percentile(latencies, 0.99),
    pantryMax: Math.max(0, ...latencies),
    pantryRequests: latencies.length,
    loopMaxMs,
    errors: result.errors.length,
    memory: readMemory(),
  };
}

const send = (reply: ChildReply) => new Promise<void>((resolve) => process.send!(reply, () => resolve()));

const databaseUrl = process.env.BENCH_DATABASE_URL || null;
const app = await startScaleApp(`cartwise-ingest-${databaseUrl ? 'postgresql' : 'sqlite'}-`, databaseUrl);
const neighbour = await createNeighbour(app);
process.on('message', (command: ChildCommand) => {
  void (async () => {
    try {
      if (command.type === 'import') await send({ type: 'imported', measured: await measureImport(app, command.dir, neighbour) });
      else if (command.type === 'memory') {
        // Live memory: what a full collection leaves (the server runs with --expose-gc).
        if (command.isCollected) (globalThis as { gc?: () => void }).gc?.();
        await send({ type: 'memory', memory: readMemory() });
      } else {
        await app.close();
        fs.rmSync(app.config.dataDir, { recursive: true, force: true });
        process.disconnect();
      }
    } catch (error) {
      await send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  })();
});
await send({ type: 'ready' });
