// Runs of a price source started from the admin page or by the schedule. A run is queued (so the request answers at
// once with its id), then imported off the request path by runPriceImport; its row shows progress while it goes.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PRICE_FEED_MAX_FILE_MB } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { createId } from '../../db/ids';
import { HttpError } from '../../http/errors';
import { createFeedUrlInput } from './feed-url-input';
import type { UploadedFeedFile } from './feed-uploads';
import { runPriceImport, type ImportStatus } from './import-pipeline';
import { WriteThreadError } from './import-writes';
import type { PriceSource, SourceContext, SourceInput } from './price-source';
import { openCallLedger, type CallLedger } from './price-source-call-days';
import { loadSourceRunConfig } from './price-source-config.service';
import { failAbandonedRuns, failRun, hasActiveRun, insertQueuedRun } from './price-source-runs.repo';
import { fileInput } from './sources/feed-streams';

/** What a run reads: uploaded files, one URL, or what the source discovers itself (its API over the area). */
export type RunInputs = { kind: 'files'; files: UploadedFeedFile[] } | { kind: 'url'; url: URL } | { kind: 'discover' };

/** The run's own temporary folder, under DATA_DIR (on disk: a container's /tmp may be memory). */
export function toRunFolder(deps: Deps<'config'>, runId: string): string {
  return join(deps.config.dataDir, 'tmp', 'price-runs', runId);
}

/** Reserves a run id and its folder; the caller fills the folder (uploads) and then starts the run. */
export async function prepareRun(deps: Deps<'config' | 'db'>, source: PriceSource): Promise<{ runId: string; folder: string }> {
  await failAbandonedRuns(deps, { sourceId: source.id });
  if (await hasActiveRun(deps, source.id)) throw new HttpError(409, 'run_in_progress', `A run of ${source.label} is already going.`);
  const runId = createId();
  const folder = toRunFolder(deps, runId);
  await mkdir(folder, { recursive: true });
  return { runId, folder };
}

/** A source's own inputs; an error finding them (no area, a revoked key) becomes the run's error, not a crash. */
async function* discoverInputs(source: PriceSource, ctx: SourceContext): AsyncGenerator<SourceInput> {
  if (!source.discover) return;
  try {
    yield* source.discover(ctx);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    yield { name: source.label, open: () => Promise.reject(new Error(message)) };
  }
}

function toInputs(
  deps: Deps<'config' | 'log'>,
  source: PriceSource,
  run: { inputs: RunInputs; folder: string; config: Record<string, string>; calls: CallLedger | null },
) {
  const { inputs, folder, config } = run;
  if (inputs.kind === 'files') return inputs.files.map((file) => fileInput(file.path, file.name));
  const policy = { isPrivateAllowed: deps.config.isPrivateFeedUrlAllowed, maxBytes: PRICE_FEED_MAX_FILE_MB * 1024 * 1024 };
  if (inputs.kind === 'url') return [createFeedUrlInput(inputs.url, folder, policy)];
  const ctx: SourceContext = {
    log: deps.log,
    signal: new AbortController().signal,
    fetch: globalThis.fetch.bind(globalThis),
    config,
    onProgress: () => undefined,
    onCall: run.calls ? () => run.calls?.record() : undefined,
  };
  return discoverInputs(source, ctx);
}

/** Imports the run's inputs (the row must exist); never throws: an unexpected error fails the run. Cleans the folder. */
export async function executeRun(
  deps: Deps<'config' | 'database' | 'db' | 'log'>,
  input: { runId: string; folder: string; source: PriceSource; inputs: RunInputs; startedBy: string | null },
): Promise<ImportStatus> {
  let calls: CallLedger | null = null;
  try {
    const stored = await loadSourceRunConfig(deps, input.source.id);
    calls = input.inputs.kind === 'discover' ? await openCallLedger(deps, input.source) : null;
    const config = calls ? { ...stored, callsLeft: String(calls.callsLeft) } : stored;
    const result = await runPriceImport(deps, {
      runId: input.runId,
      source: input.source,
      sqliteFile: deps.database.sqlitePath,
      inputs: toInputs(deps, input.source, { inputs: input.inputs, folder: input.folder, config, calls }),
      config,
      startedBy: input.startedBy,
    });
    deps.log.info(
      { runId: input.runId, sourceId: input.source.id, status: result.status, errors: result.errors.length },
      'price source run finished',
    );
    return result.status;
  } catch (err) {
    deps.log.error({ err, runId: input.runId, sourceId: input.source.id }, 'price source run failed');
    const message =
      err instanceof WriteThreadError
        ? `${err.message}; the server log has the details.`
        : 'The run stopped on an unexpected error; the server log has the details.';
    await failRun(deps, input.runId, { file: input.source.label, message }).catch((error: unknown) =>
      deps.log.error({ err: error, runId: input.runId }, 'price source run not marked failed'),
    );
    return 'failed';
  } finally {
    await calls?.flush();
    await rm(input.folder, { recursive: true, force: true });
  }
}

/** Queues the run and starts it in the background; answers its id at once. */
export async function startRun(
  deps: Deps<'backgroundTasks' | 'config' | 'database' | 'db' | 'log'>,
  input: { runId: string; folder: string; source: PriceSource; inputs: RunInputs; startedBy: string | null },
): Promise<string> {
  await insertQueuedRun(deps, { runId: input.runId, sourceId: input.source.id, startedBy: input.startedBy });
  deps.backgroundTasks.run(executeRun(deps, input));
  return input.runId;
}
