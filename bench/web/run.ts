// npm run bench:web: Lighthouse mobile performance of the landing page, the dashboard and a list, median of RUNS.
// Builds the app (skip with BENCH_SKIP_BUILD=1), starts the compiled server on a fresh data dir with the demo seed,
// signs the demo shopper in, then runs Lighthouse's default mobile profile (simulated slow 4G, 4x CPU slowdown)
// against each page with Debian's Chromium (CHROME_PATH, default /usr/bin/chromium; never a downloaded browser).
// Prints each page's scores, the median, its LCP/TBT, and the landing page's JavaScript bytes over the wire
// (transfer size, headers included) plus the machine's load average, since a loaded machine lowers the scores.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signInDemoShopper, startDemoServer, waitForUrl } from '../shared/demo-app';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3128);
const DEBUG_PORT = Number(process.env.BENCH_DEBUG_PORT ?? 9328);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** A comma-separated subset (landing,dashboard,list) for comparing two builds on one page. */
const PAGES = (process.env.BENCH_PAGES ?? 'landing,dashboard,list').split(',');
/** When set, each run's full Lighthouse report (JSON) is written there, to see what held a page back. */
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TARGETS: Record<string, number> = { landing: 95, dashboard: 90, list: 90 };
const LANDING_JS_TARGET_KB = 100;

interface PageRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  scriptBytes: number;
  scripts: number;
  /** Lighthouse's own CPU speed probe for this run: lower means a slower (or busier) machine. */
  benchmarkIndex: number;
}

/** A child that must outlive the measurement: if it exits early, the run stops rather than measure something else. */
function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, isQuiet = false): ChildProcess {
  return stopOnEarlyExit(
    spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', isQuiet ? 'ignore' : 'inherit'] }),
    command,
  );
}

function stopOnEarlyExit(child: ChildProcess, command: string): ChildProcess {
  child.on('exit', (code, signal) => {
    if (signal !== null) return;
    process.stderr.write(`${command} exited early with ${code}\n`);
    process.exit(1);
  });
  return child;
}

/** Another app already on the port would be measured instead of this build. */
async function assertPortFree(url: string): Promise<void> {
  const isTaken = await fetch(url).then(
    () => true,
    () => false,
  );
  if (isTaken) throw new Error(`${url} already answers: choose another BENCH_APP_PORT / BENCH_DEBUG_PORT`);
}

async function findFirstListPath(baseUrl: string, cookie: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/lists`, { headers: { cookie } });
  if (!response.ok) throw new Error(`/api/lists: ${response.status}`);
  const lists = ((await response.json()) as { items: { id: string }[] }).items;
  if (!lists[0]) throw new Error('the demo shopper has no list');
  return `/u/lists/${lists[0].id}`;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

async function measure(url: string, cookie: string | null): Promise<PageRun> {
  const result = await lighthouse(
    url,
    {
      port: DEBUG_PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (REPORT_DIR) {
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}.json`;
    fs.writeFileSync(path.join(REPORT_DIR, name), JSON.stringify(lhr));
  }
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    scriptBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scripts: scripts.length,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): such a run is repeated. */
async function measureWithRetry(url: string, cookie: string | null, attempts = 3): Promise<PageRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(url, cookie);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`retrying ${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<void> {
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (set CHROME_PATH)`);
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-bench-web-'));
  const appUrl = `http://127.0.0.1:${APP_PORT}`;
  const children: ChildProcess[] = [];
  const stop = () =>
    children.forEach((child) => {
      child.removeAllListeners('exit');
      child.kill('SIGTERM');
    });
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  await assertPortFree(appUrl);
  await assertPortFree(`http://127.0.0.1:${DEBUG_PORT}/json/version`);
  try {
    children.push(stopOnEarlyExit(startDemoServer({ port: APP_PORT, dataDir, env: { LOG_LEVEL: 'warn' } }).child, 'node'));
    children.push(
      startProcess(
        CHROME_PATH,
        [
          '--headless=new',
          '--no-sandbox',
          '--disable-gpu',
          '--no-first-run',
          `--remote-debugging-port=${DEBUG_PORT}`,
          `--user-data-dir=${path.join(dataDir, 'chromium')}`,
          'about:blank',
        ],
        {},
        true,
      ),
    );
    await waitForUrl(`${appUrl}/api/health`);
    await waitForUrl(`http://127.0.0.1:${DEBUG_PORT}/json/version`);
    const cookie = await signInDemoShopper(appUrl);
    const allPages: [name: string, pathname: string, cookie: string | null][] = [
      ['landing', '/', null],
      ['dashboard', '/u/dashboard', cookie],
      ['list', await findFirstListPath(appUrl, cookie), cookie],
    ];
    const pages = allPages.filter(([name]) => PAGES.includes(name));
    const loadBefore = os.loadavg();
    const results: Record<string, PageRun[]> = {};
    for (let run = 0; run < RUNS; run += 1) {
      for (const [name, pathname, pageCookie] of pages) {
        const measured = await measureWithRetry(`${appUrl}${pathname}`, pageCookie);
        (results[name] ??= []).push(measured);
        console.log(
          `run ${run + 1}/${RUNS} ${name}: ${measured.score} (LCP ${Math.round(measured.lcpMs)} ms, TBT ${Math.round(measured.tbtMs)} ms)`,
        );
      }
    }
    const loadAfter = os.loadavg();
    console.log(`\nLighthouse ${lighthouseVersion()} mobile, median of ${RUNS} (Chromium ${chromiumVersion()}, ${os.cpus().length} cores)`);
    for (const [name, runs] of Object.entries(results)) {
      const scores = runs.map((run) => run.score);
      const target = TARGETS[name] ?? 0;
      const score = median(scores);
      console.log(
        `${name.padEnd(10)} ${String(score).padStart(3)} (runs ${scores.join(', ')}; LCP ${Math.round(median(runs.map((r) => r.lcpMs)))} ms, ` +
          `TBT ${Math.round(median(runs.map((r) => r.tbtMs)))} ms; target ${target}: ${score >= target ? 'met' : 'NOT met'})`,
      );
    }
    const landing = results.landing ?? [];
    if (landing.length > 0) {
      const landingKb = median(landing.map((run) => run.scriptBytes)) / 1024;
      console.log(
        `landing JS over the wire: ${landingKb.toFixed(1)} KiB in ${median(landing.map((run) => run.scripts))} scripts ` +
          `(target ${LANDING_JS_TARGET_KB}: ${landingKb <= LANDING_JS_TARGET_KB ? 'met' : 'NOT met'})`,
      );
    }
    const benchmarkIndex = median(Object.values(results).flatMap((runs) => runs.map((run) => run.benchmarkIndex)));
    console.log(
      `load average before ${formatLoad(loadBefore)}, after ${formatLoad(loadAfter)}; Lighthouse benchmarkIndex ${Math.round(benchmarkIndex)}`,
    );
  } finally {
    stop();
    // Chromium may still be writing its profile as it exits: a leftover temp dir is not worth failing for.
    await new Promise((resolve) => setTimeout(resolve, 500));
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

function formatLoad(load: number[]): string {
  return load.map((value) => value.toFixed(2)).join(' ');
}

function lighthouseVersion(): string {
  const file = path.join(root, 'node_modules/lighthouse/package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

function chromiumVersion(): string {
  const result = spawnSync(CHROME_PATH, ['--version'], { encoding: 'utf8' });
  return result.stdout.trim().replace(/^Chromium\s*/, '') || 'unknown';
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
