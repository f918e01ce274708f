// `npm run -s prices -- import <source> <file|dir|url>...`: runs a price source against the server's DATA_DIR /
// DATABASE_URL (safe while it serves: writes go in short transactions) and prints the summary as one JSON line last.
import { stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { PriceSource, SourceInput } from '../features/price-sources';
import { fileInput, findPriceSource, listDirectoryFiles, PRICE_SOURCES, runPriceImport } from '../features/price-sources';

const USAGE = `Usage: npm run -s prices -- import <source> <file|dir|url>...\nSources: ${PRICE_SOURCES.map((s) => s.id).join(', ')}`;

async function* expandInputs(source: PriceSource, args: string[]): AsyncGenerator<SourceInput> {
  for (const arg of args) {
    if (/^https?:\/\//i.test(arg)) {
      yield {
        name: arg,
        open: async () => {
          const response = await fetch(arg);
          if (!response.ok || !response.body) throw new Error(`${arg} answered ${response.status}`);
          return response.body;
        },
      };
    } else if ((await stat(arg).catch(() => null))?.isDirectory()) yield* (source.listDirectory ?? listDirectoryFiles)(arg);
    else yield fileInput(arg);
  }
}

async function main(): Promise<void> {
  const [command, sourceId, ...paths] = process.argv.slice(2);
  const source = sourceId ? findPriceSource(sourceId) : undefined;
  if (command !== 'import' || !source || paths.length === 0) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(handle);
    const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' }, pino.destination(2));
    const { status, runId, ...summary } = await runPriceImport({ db: handle.db, log }, { source, inputs: expandInputs(source, paths) });
    log.info({ status, runId }, 'price import finished');
    console.log(JSON.stringify(summary));
    process.exitCode = summary.errors.length === 0 ? 0 : 1;
  } catch (err) {
    console.error(`price import failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
