// npm run bench:api: the app's authenticated reads against a bare Fastify serving the same bytes.
// Starts the compiled server (server/dist, built first) on a fresh data dir with the demo seed, signs the demo shopper
// in, records each endpoint's response, starts the bare server with those bytes, then runs autocannon against
// both, alternated, ROUNDS times; prints per endpoint the median ratio app/bare and p50/p99, then p99 at a fixed
// 1,000 req/s on /api/pantry for both. Everything runs on localhost; each run lasts RUN_SECONDS. Beside req/s it prints
// each side's CPU per request (user + system time of the server process, from /proc, over the requests it answered),
// which moves far less than req/s when other work shares the cores.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signInDemoShopper, startDemoServer, waitForUrl } from '../shared/demo-app';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3125);
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? 3126);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RUN_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = 10;
const FIXED_RATE = 1000;
const ENDPOINTS = ['/api/pantry', '/api/lists', '/api/deals', '/api/dashboard'];
const TARGETS: Record<string, number> = { '/api/pantry': 0.33, '/api/lists': 0.33, '/api/deals': 0.25, '/api/dashboard': 0.25 };
const P99_TARGET_MS = 20;
/** An authenticated read may cost at most this many times the bare server's CPU per request (issue 37). */
const CPU_TARGET = 2;

interface Run {
  rps: number;
  /** Server CPU (user + system) per request answered, microseconds. */
  cpuUs: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Says so on stderr when a child exits with an error of its own. */
function reportExit(child: ChildProcess, command: string, args: readonly string[]): ChildProcess {
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal === null) process.stderr.write(`${command} ${args.join(' ')} exited with ${code}\n`);
  });
  return child;
}

const CLOCK_TICKS = 100;

/** User + system CPU of a process so far, in microseconds (Linux /proc; utime and stime are in clock ticks). */
function readCpuUs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}

function runAutocannon(
  url: string,
  headers: Record<string, string>,
  server: ChildProcess,
  extra: Partial<autocannon.Options> = {},
): Promise<Run> {
  const cpuBefore = readCpuUs(server.pid!);
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: RUN_SECONDS, ...extra }, (err, result) => {
      if (err) return reject(err instanceof Error ? err : new Error(String(err)));
      const errors = result.errors + result.timeouts + result.non2xx;
      const cpuUs = (readCpuUs(server.pid!) - cpuBefore) / Math.max(1, result.requests.total);
      resolve({ rps: result.requests.average, cpuUs, p50: result.latency.p50, p99: result.latency.p99, errors });
    });
  });
}

const getMedian = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const build = spawnSync('node', ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('server build failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-bench-api-'));
  const bodiesFile = path.join(dataDir, 'bare-bodies.json');
  const appUrl = `http://127.0.0.1:${APP_PORT}`;
  const bareUrl = `http://127.0.0.1:${BARE_PORT}`;
  const children: ChildProcess[] = [];
  const stop = () => children.forEach((c) => c.kill('SIGTERM'));
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    const appServer = reportExit(startDemoServer({ port: APP_PORT, dataDir }).child, 'node', ['server/dist/main.js']);
    children.push(appServer);
    await waitForUrl(`${appUrl}/api/health`);
    const cookie = await signInDemoShopper(appUrl);
    const headers = { cookie };
    const bodies: Record<string, { body: string; contentType: string }> = {};
    for (const endpoint of ENDPOINTS) {
      const response = await fetch(`${appUrl}${endpoint}`, { headers });
      if (!response.ok) throw new Error(`${endpoint}: ${response.status}`);
      bodies[endpoint] = { body: await response.text(), contentType: response.headers.get('content-type') ?? 'application/json' };
    }
    fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
    const bareArgs = ['bench/api/bare-server.mjs', String(BARE_PORT), bodiesFile];
    const bareServer = reportExit(spawn('node', bareArgs, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] }), 'node', bareArgs);
    children.push(bareServer);
    await waitForUrl(`${bareUrl}/api/pantry`);

    // Warm both (JIT, caches) before measuring.
    for (const endpoint of ENDPOINTS) {
      await runAutocannon(`${appUrl}${endpoint}`, headers, appServer, { duration: 1 });
      await runAutocannon(`${bareUrl}${endpoint}`, {}, bareServer, { duration: 1 });
    }

    const app: Record<string, Run[]> = {};
    const bare: Record<string, Run[]> = {};
    for (let round = 1; round <= ROUNDS; round++) {
      for (const endpoint of ENDPOINTS) {
        // Alternated, and the order flips each round, so neither side always runs on a warmer machine.
        const appFirst = round % 2 === 1;
        const runApp = () => runAutocannon(`${appUrl}${endpoint}`, headers, appServer);
        const runBare = () => runAutocannon(`${bareUrl}${endpoint}`, {}, bareServer);
        const first = appFirst ? await runApp() : null;
        const b = await runBare();
        const appRun = first ?? (await runApp());
        (app[endpoint] ??= []).push(appRun);
        (bare[endpoint] ??= []).push(b);
        process.stderr.write(
          `round ${round} ${endpoint}: app ${appRun.rps.toFixed(0)} req/s ${appRun.cpuUs.toFixed(1)} us CPU/req, ` +
            `bare ${b.rps.toFixed(0)} req/s ${b.cpuUs.toFixed(1)} us CPU/req\n`,
        );
      }
    }

    const fixed = { overallRate: FIXED_RATE, duration: Math.max(RUN_SECONDS, 5) };
    const fixedApp = await runAutocannon(`${appUrl}/api/pantry`, headers, appServer, fixed);
    const fixedBare = await runAutocannon(`${bareUrl}/api/pantry`, {}, bareServer, fixed);

    const lines: string[] = [];
    lines.push(
      `bench:api: ${os.cpus().length} cores, node ${process.version}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${RUN_SECONDS} s per side`,
    );
    lines.push('');
    lines.push(
      '| endpoint | bytes | app req/s | bare req/s | app/bare (median of rounds) | target | app CPU us/req | bare CPU us/req | ' +
        `CPU app/bare (target <= ${CPU_TARGET}) | app p50 / p99 ms | bare p50 / p99 ms | errors |`,
    );
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    let isMet = true;
    for (const endpoint of ENDPOINTS) {
      const appRuns = app[endpoint]!;
      const bareRuns = bare[endpoint]!;
      const ratio = getMedian(appRuns.map((r, i) => r.rps / bareRuns[i]!.rps));
      const target = TARGETS[endpoint]!;
      if (ratio < target) isMet = false;
      const errors = appRuns.reduce((n, r) => n + r.errors, 0);
      const appCpu = getMedian(appRuns.map((r) => r.cpuUs));
      const bareCpu = getMedian(bareRuns.map((r) => r.cpuUs));
      const cpuRatio = getMedian(appRuns.map((r, i) => r.cpuUs / bareRuns[i]!.cpuUs));
      if (cpuRatio > CPU_TARGET) isMet = false;
      lines.push(
        `| ${endpoint} | ${bodies[endpoint]!.body.length} | ${getMedian(appRuns.map((r) => r.rps)).toFixed(0)} | ${getMedian(bareRuns.map((r) => r.rps)).toFixed(0)} | ` +
          `**${ratio.toFixed(3)}** | >= ${target} | ${appCpu.toFixed(1)} | ${bareCpu.toFixed(1)} | **${cpuRatio.toFixed(2)}** | ${getMedian(appRuns.map((r) => r.p50))} / ${getMedian(appRuns.map((r) => r.p99))} | ` +
          `${getMedian(bareRuns.map((r) => r.p50))} / ${getMedian(bareRuns.map((r) => r.p99))} | ${errors} |`,
      );
    }
    lines.push('');
    lines.push(
      `/api/pantry at a fixed ${FIXED_RATE} req/s: app p50 ${fixedApp.p50} ms, p99 **${fixedApp.p99} ms** (target <= ${P99_TARGET_MS}, ${fixedApp.rps.toFixed(0)} req/s served, ` +
        `${fixedApp.errors} errors); bare p50 ${fixedBare.p50} ms, p99 ${fixedBare.p99} ms`,
    );
    if (fixedApp.p99 > P99_TARGET_MS) isMet = false;
    lines.push(`targets ${isMet ? 'met' : 'NOT met'}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
