// Diagnostic: a V8 CPU profile of the compiled app answering one endpoint, started after warm-up, summarised as
// self time by function and by module and as inclusive time of the request's stages.
// BENCH_ENDPOINT (default /api/pantry), BENCH_AMOUNT requests profiled (default 40,000), BENCH_PROFILE_OUT keeps the
// .cpuprofile (open it in Chrome DevTools), BENCH_SIDE=bare profiles the bare server serving the app's bytes instead.
// Run: node --import tsx bench/api/profile-reads.ts
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { signInDemoShopper, startDemoServer, waitForUrl } from '../shared/demo-app';
import { summariseProfile, type CpuProfile } from './summarise-profile';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENDPOINT = process.env.BENCH_ENDPOINT ?? '/api/pantry';
const AMOUNT = Number(process.env.BENCH_AMOUNT ?? 40000);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3129);
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? 3130);
const isBare = process.env.BENCH_SIDE === 'bare';
const appUrl = `http://127.0.0.1:${APP_PORT}`;
const bareUrl = `http://127.0.0.1:${BARE_PORT}`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-prof-'));
const profileFile = process.env.BENCH_PROFILE_OUT ?? path.join(dataDir, 'reads.cpuprofile');
const preload = ['--import', './bench/api/profile-on-signal.mjs'];
const app = startDemoServer({
  port: APP_PORT,
  dataDir,
  nodeArgs: isBare ? [] : preload,
  env: { BENCH_PROFILE_FILE: profileFile },
}).child;
let bare: ChildProcess | undefined;
const run = (headers: Record<string, string>, amount: number) =>
  new Promise<void>((resolve, reject) =>
    autocannon({ url: `${isBare ? bareUrl : appUrl}${ENDPOINT}`, headers, connections: 10, amount }, (err) =>
      err ? reject(err as Error) : resolve(),
    ),
  );
const waitForFile = async (file: string) => {
  for (let i = 0; i < 600 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
  // Written in one call, but give the write a moment to finish.
  await new Promise((r) => setTimeout(r, 500));
};
try {
  await waitForUrl(`${appUrl}/api/health`);
  const cookie = await signInDemoShopper(appUrl);
  let profiled: ChildProcess = app;
  if (isBare) {
    const response = await fetch(`${appUrl}${ENDPOINT}`, { headers: { cookie } });
    const body = { body: await response.text(), contentType: response.headers.get('content-type') ?? 'application/json' };
    const bodiesFile = path.join(dataDir, 'bodies.json');
    fs.writeFileSync(bodiesFile, JSON.stringify({ [ENDPOINT]: body }));
    bare = spawn('node', [...preload, 'bench/api/bare-server.mjs', String(BARE_PORT), bodiesFile], {
      cwd: root,
      env: { ...process.env, BENCH_PROFILE_FILE: profileFile },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    profiled = bare;
    await waitForUrl(`${bareUrl}${ENDPOINT}`);
  }
  await run({ cookie }, AMOUNT / 2);
  profiled.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 200));
  await run({ cookie }, AMOUNT);
  profiled.kill('SIGUSR2');
  await waitForFile(profileFile);
  const profile = JSON.parse(fs.readFileSync(profileFile, 'utf8')) as CpuProfile;
  process.stdout.write(`${ENDPOINT}, ${AMOUNT} requests profiled\n${summariseProfile(profile, AMOUNT)}\n`);
} finally {
  bare?.kill('SIGTERM');
  app.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  if (!process.env.BENCH_PROFILE_OUT) fs.rmSync(dataDir, { recursive: true, force: true });
}
