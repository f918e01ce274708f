// Receipt benchmark: `npm run bench:receipts -- [--split dev|holdout|all|dev-val] [--limit N] [--workers 2]
//   [--dataset sroie|synthetic|both] [--write-cache] [--from-cache] [--cache-dir DIR] [--no-line-rereads]
//   [--engine tesseract|paddle] [--every N [--offset K]] [--no-field-rereads] [--no-cross-reads] [--no-weak-page-retry] [--no-missed-header]`.
//   See bench/receipts/README.md.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchEngine, BenchResult, BenchTask, ParentMessage, WorkerMessage } from './bench-types';
import { loadSroieCases, loadSyntheticCases, type BenchCase } from './cases';
import { formatReport, scoreCases, type DatasetReport } from './report';
import type { SplitChoice } from './split';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');

interface Options {
  split: SplitChoice;
  limit: number;
  /** Keep every Nth receipt of the split (from the Kth): a smaller sample that still spreads over the whole split. */
  every: number;
  offset: number;
  workers: number;
  datasets: ('sroie' | 'synthetic')[];
  isFromCache: boolean;
  isWritingCache: boolean;
  /** Parent of the per-dataset cache folders; a separate one keeps an experiment from overwriting shared text. */
  cacheDir: string;
  isRereadingHeader: boolean;
  /** Re-read total/date lines of receipts whose parse doubts them (default); the report adds the fields before. */
  isRereadingDoubtfulFields: boolean;
  /** Merge a second recogniser's read into store/date/doubtful-total lines (default). */
  isCrossReading: boolean;
  /** Read a nearly empty page again without its dark background, and an unsure one softened (default). */
  isRetryingWeakPages: boolean;
  /** Read header rows the page read skipped (default). */
  isReadingMissedHeader: boolean;
  /** OCR engine: tesseract (shipped) or the experimental PP-OCRv4 engine. */
  engine: BenchEngine;
}

function readOptions(argv: readonly string[]): Options {
  const value = (flag: string) => {
    const index = argv.indexOf(flag);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const split = (value('--split') ?? 'all') as Options['split'];
  if (!['dev', 'holdout', 'all', 'dev-val'].includes(split)) throw new Error(`--split must be dev, holdout, all or dev-val, not ${split}`);
  const dataset = value('--dataset') ?? 'both';
  const engine = (value('--engine') ?? 'tesseract') as BenchEngine;
  if (!['tesseract', 'paddle'].includes(engine)) throw new Error(`--engine must be tesseract or paddle, not ${engine}`);
  return {
    split,
    limit: Number(value('--limit') ?? Infinity),
    every: Math.max(1, Number(value('--every') ?? 1)),
    offset: Number(value('--offset') ?? 0),
    workers: Math.max(1, Number(value('--workers') ?? 2)),
    datasets: dataset === 'both' ? ['sroie', 'synthetic'] : [dataset as 'sroie' | 'synthetic'],
    isFromCache: argv.includes('--from-cache'),
    isWritingCache: argv.includes('--write-cache'),
    cacheDir: path.resolve(root, value('--cache-dir') ?? path.join('.tmp', 'ocr-cache')),
    isRereadingHeader: !argv.includes('--no-line-rereads'),
    isRereadingDoubtfulFields: !argv.includes('--no-field-rereads'),
    isCrossReading: !argv.includes('--no-cross-reads'),
    isRetryingWeakPages: !argv.includes('--no-weak-page-retry'),
    isReadingMissedHeader: !argv.includes('--no-missed-header'),
    engine,
  };
}

interface PoolOptions {
  workers: number;
  cacheDir: string | null;
  isFromCache: boolean;
  isRereadingHeader: boolean;
  isRereadingDoubtfulFields: boolean;
  isCrossReading: boolean;
  isRetryingWeakPages: boolean;
  isReadingMissedHeader: boolean;
  engine: BenchEngine;
}

async function runPool(
  tasks: BenchTask[],
  {
    workers,
    cacheDir,
    isFromCache,
    isRereadingHeader,
    isRereadingDoubtfulFields,
    isCrossReading,
    isRetryingWeakPages,
    isReadingMissedHeader,
    engine,
  }: PoolOptions,
) {
  const results = new Map<string, BenchResult>();
  const errors: { id: string; message: string }[] = [];
  const peaks: number[] = [];
  const chunks: BenchTask[][] = Array.from({ length: Math.min(workers, Math.max(1, tasks.length)) }, () => []);
  // Interleave so each worker gets a similar mix of receipts.
  tasks.forEach((task, index) => chunks[index % chunks.length]?.push(task));
  let done = 0;
  await Promise.all(
    chunks.map(
      (chunk) =>
        new Promise<void>((resolve, reject) => {
          // Bundled, not through tsx, as `npm run receipt` runs: tsx's loader adds about 19 MB to each worker's RSS.
          const child = fork(path.join(here, '..', '..', 'scripts', 'run-bundled.mjs'), [path.join(here, 'bench-worker.ts')], {
            // --expose-gc: the OCR engine collects each receipt's onnxruntime garbage (ocr/collect-garbage.ts).
            execArgv: ['--expose-gc'],
            stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
            // Fewer glibc malloc arenas: libvips and tesseract threads otherwise each keep their own.
            env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
          });
          child.on('message', (message: ParentMessage) => {
            if (message.type === 'result') {
              results.set(message.result.id, message.result);
              done += 1;
              if (done % 25 === 0) process.stderr.write(`  ${done}/${tasks.length}\n`);
            } else if (message.type === 'error') errors.push({ id: message.id, message: message.message });
            else peaks.push(message.peakRss);
          });
          child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench worker exited with ${code}`))));
          const start: WorkerMessage = {
            type: 'run',
            tasks: chunk,
            cacheDir,
            isFromCache,
            isRereadingHeader,
            isRereadingDoubtfulFields,
            isCrossReading,
            isRetryingWeakPages,
            isReadingMissedHeader,
            engine,
          };
          child.send(start);
        }),
    ),
  );
  return { results, errors, peaks };
}

async function runDataset(name: 'sroie' | 'synthetic', options: Options): Promise<DatasetReport | null> {
  const cases: BenchCase[] = name === 'sroie' ? loadSroieCases(options.split) : await loadSyntheticCases(options.split);
  const selected = cases.filter((_, index) => index % options.every === options.offset % options.every).slice(0, options.limit);
  if (selected.length === 0) return null;
  const cacheDir = options.isFromCache || options.isWritingCache ? path.join(options.cacheDir, name) : null;
  if (options.isFromCache && (!cacheDir || !existsSync(cacheDir)))
    throw new Error(`No OCR cache at ${cacheDir}; run with --write-cache first`);
  process.stderr.write(
    `${name}: ${selected.length} receipts, ${options.workers} workers, ${options.engine}${options.isFromCache ? ' (cached OCR text: timings are NOT OCR)' : ''}\n`,
  );
  const started = performance.now();
  const pool = await runPool(
    selected.map((item) => item.task),
    {
      workers: options.workers,
      cacheDir,
      isFromCache: options.isFromCache,
      isRereadingHeader: options.isRereadingHeader,
      isRereadingDoubtfulFields: options.isRereadingDoubtfulFields,
      isCrossReading: options.isCrossReading,
      isRetryingWeakPages: options.isRetryingWeakPages,
      isReadingMissedHeader: options.isReadingMissedHeader,
      engine: options.engine,
    },
  );
  const wallSeconds = (performance.now() - started) / 1000;
  return scoreCases(name, selected, pool.results, pool.errors, pool.peaks, wallSeconds);
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const reports: DatasetReport[] = [];
  for (const dataset of options.datasets) {
    const report = await runDataset(dataset, options);
    if (report) reports.push(report);
  }
  const text = formatReport(reports, options);
  process.stdout.write(text);
  const resultsDir = path.join(root, 'bench', 'results');
  await mkdir(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  await writeFile(path.join(resultsDir, `receipts-${options.split}-${stamp}.json`), JSON.stringify({ options, reports }, null, 2));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
