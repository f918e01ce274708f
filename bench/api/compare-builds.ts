// Diagnostic: server CPU per request of two builds of the app (and the bare server) measured alternately in the same
// run, so that a change can be judged on a shared, busy machine. Usage:
//   node --import tsx bench/api/compare-builds.ts <dist dir A> <dist dir B>
// Each dist dir is a built server/dist (scripts/build-server.mjs). BENCH_AMOUNT requests per run (default 20,000),
// BENCH_ROUNDS rounds (default 3), BENCH_ENDPOINTS as in cpu-per-request.ts. Prints the median per side.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { signInDemoShopper, startDemoServer, waitForUrl } from '../shared/demo-app';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENDPOINTS = (process.env.BENCH_ENDPOINTS ?? '/api/pantry,/api/lists,/api/deals,/api/dashboard').split(',');
const AMOUNT = Number(process.env.BENCH_AMOUNT ?? 20000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3231);
const dists = process.argv.slice(2);
if (dists.length !== 2) throw new Error('usage: compare-builds.ts <dist A> <dist B>');

const cpuUs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
};
const load = (url: string, headers: Record<string, string>, amount: number) =>
  new Promise<void>((resolve, reject) =>
    autocannon({ url, headers, connections: 10, amount }, (err, result) => {
      if (err) return reject(err as Error);
      if (result.non2xx + result.errors > 0) return reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      resolve();
    }),
  );
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Side {
  name: string;
  url: string;
  process: ChildProcess;
  headers: Record<string, string>;
}
const children: ChildProcess[] = [];
const dataDirs: string[] = [];
try {
  const sides: Side[] = [];
  for (const [i, dist] of dists.entries()) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-compare-'));
    dataDirs.push(dataDir);
    const port = BASE_PORT + i;
    const { child, url } = startDemoServer({ port, dataDir, entry: path.join(path.resolve(dist), 'main.js') });
    children.push(child);
    await waitForUrl(`${url}/api/health`);
    sides.push({
      name: path.basename(path.dirname(path.dirname(path.resolve(dist)))) + ':' + i,
      url,
      process: child,
      headers: { cookie: await signInDemoShopper(url) },
    });
  }
  const bodies: Record<string, { body: string; contentType: string }> = {};
  for (const e of ENDPOINTS) {
    const r = await fetch(`${sides[1]!.url}${e}`, { headers: sides[1]!.headers });
    bodies[e] = { body: await r.text(), contentType: r.headers.get('content-type') ?? 'application/json' };
  }
  const bodiesFile = path.join(dataDirs[0]!, 'bodies.json');
  fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
  const barePort = BASE_PORT + 2;
  const bare = spawn('node', ['bench/api/bare-server.mjs', String(barePort), bodiesFile], { cwd: root, stdio: 'ignore' });
  children.push(bare);
  await waitForUrl(`http://127.0.0.1:${barePort}/api/pantry`);
  sides.push({ name: 'bare', url: `http://127.0.0.1:${barePort}`, process: bare, headers: {} });

  for (const e of ENDPOINTS) for (const side of sides) await load(`${side.url}${e}`, side.headers, AMOUNT / 2);
  const results = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const e of ENDPOINTS) {
      for (const side of order) {
        const before = cpuUs(side.process.pid!);
        await load(`${side.url}${e}`, side.headers, AMOUNT);
        const key = `${e} ${side.name}`;
        results.set(key, [...(results.get(key) ?? []), (cpuUs(side.process.pid!) - before) / AMOUNT]);
      }
    }
  }
  process.stdout.write(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  for (const e of ENDPOINTS) {
    const [a, b, bare] = sides.map((side) => median(results.get(`${e} ${side.name}`)!));
    process.stdout.write(
      `${e}: A ${a!.toFixed(1)} us/req (${(a! / bare!).toFixed(2)}x bare), B ${b!.toFixed(1)} us/req (${(b! / bare!).toFixed(2)}x bare), bare ${bare!.toFixed(1)}; B/A ${(b! / a!).toFixed(3)}\n`,
    );
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}
