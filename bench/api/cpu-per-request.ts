// Diagnostic: CPU time per request of the app and the bare server (from /proc/<pid>/stat), which depends far less
// on other load than req/s does. BENCH_CPU_PROF=dir also writes a V8 CPU profile of the app.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { signInDemoShopper, startDemoServer, waitForUrl } from '../shared/demo-app';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENDPOINTS = (process.env.BENCH_ENDPOINTS ?? '/api/pantry,/api/lists,/api/deals,/api/dashboard').split(',');
const AMOUNT = Number(process.env.BENCH_AMOUNT ?? 40000);
const TICKS = 100;
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3127);
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? 3128);
const appUrl = `http://127.0.0.1:${APP_PORT}`;
const bareUrl = `http://127.0.0.1:${BARE_PORT}`;

const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
};
const run = (url: string, headers: Record<string, string>) =>
  new Promise<void>((resolve, reject) =>
    autocannon({ url, headers, connections: 10, amount: AMOUNT }, (err) => (err ? reject(err as Error) : resolve())),
  );

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-cpu-'));
const profArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
const app: ChildProcess = startDemoServer({ port: APP_PORT, dataDir, nodeArgs: profArgs }).child;
let bare: ChildProcess | undefined;
try {
  await waitForUrl(`${appUrl}/api/health`);
  const cookie = await signInDemoShopper(appUrl);
  const bodies: Record<string, { body: string; contentType: string }> = {};
  for (const e of ENDPOINTS) {
    const r = await fetch(`${appUrl}${e}`, { headers: { cookie } });
    bodies[e] = { body: await r.text(), contentType: r.headers.get('content-type') ?? 'application/json' };
  }
  fs.writeFileSync(path.join(dataDir, 'bodies.json'), JSON.stringify(bodies));
  bare = spawn('node', ['bench/api/bare-server.mjs', String(BARE_PORT), path.join(dataDir, 'bodies.json')], { cwd: root, stdio: 'ignore' });
  await waitForUrl(`${bareUrl}/api/pantry`);
  for (const e of ENDPOINTS) {
    await run(`${appUrl}${e}`, { cookie });
    await run(`${bareUrl}${e}`, {});
    const a0 = cpuMs(app.pid!);
    await run(`${appUrl}${e}`, { cookie });
    const a = ((cpuMs(app.pid!) - a0) * 1000) / AMOUNT;
    const b0 = cpuMs(bare.pid!);
    await run(`${bareUrl}${e}`, {});
    const b = ((cpuMs(bare.pid!) - b0) * 1000) / AMOUNT;
    process.stdout.write(`${e}: app ${a.toFixed(1)} us/req, bare ${b.toFixed(1)} us/req, bare/app ${(b / a).toFixed(3)}\n`);
  }
} finally {
  bare?.kill('SIGTERM');
  app.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
