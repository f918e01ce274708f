// Scheduled runs: the hourly task runs each enabled source once a day, at the first pass at or after its hour (UTC).
// Each pass (the first one two minutes after start-up) first marks failed the runs a stopped server left running.
// Before it runs, an instance claims the day with a conditional update of the source's row; with several instances
// on one database only the one whose update took the row runs it, the others skip.
import type { Deps } from '../../app-types';
import { startHourlyTask } from '../../platform/hourly-task';
import { createId } from '../../db/ids';
import { findPriceSource } from './sources';
import { executeRun, toRunFolder } from './price-source-runs.service';
import { failAbandonedRuns, hasActiveRun, insertQueuedRun } from './price-source-runs.repo';
import { mkdir } from 'node:fs/promises';
import { toIsoDay } from '@cartwise/contracts';

type ScheduleDeps = Deps<'config' | 'database' | 'db' | 'log'>;

async function claimDay(deps: ScheduleDeps, sourceId: string, day: string): Promise<boolean> {
  const result = await deps.db
    .updateTable('price_source_configs')
    .set({ last_scheduled_on: day })
    .where('source_id', '=', sourceId)
    .where((eb) => eb.or([eb('last_scheduled_on', 'is', null), eb('last_scheduled_on', '<>', day)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Runs every enabled source whose hour has come today and that no instance has run today; returns the run ids. */
export async function runScheduledPriceSources(deps: ScheduleDeps, now = new Date()): Promise<string[]> {
  const day = toIsoDay(now);
  const interrupted = await failAbandonedRuns(deps, { now });
  if (interrupted.length > 0) deps.log.warn({ runIds: interrupted }, 'price source runs left by a stopped server marked failed');
  const due = await deps.db
    .selectFrom('price_source_configs')
    .select(['source_id', 'schedule_hour', 'last_scheduled_on'])
    .where('is_enabled', '=', 1)
    .where('schedule_hour', 'is not', null)
    .where('schedule_hour', '<=', now.getUTCHours())
    .execute();
  const runIds: string[] = [];
  for (const row of due) {
    const source = findPriceSource(row.source_id);
    if (!source?.discover || row.last_scheduled_on === day) continue;
    if (await hasActiveRun(deps, source.id)) continue;
    if (!(await claimDay(deps, source.id, day))) continue;
    const runId = createId();
    const folder = toRunFolder(deps, runId);
    await mkdir(folder, { recursive: true });
    await insertQueuedRun(deps, { runId, sourceId: source.id, startedBy: null });
    await executeRun(deps, { runId, folder, source, inputs: { kind: 'discover' }, startedBy: null });
    runIds.push(runId);
  }
  return runIds;
}

export function startPriceSourceSchedule(app: ScheduleDeps): () => void {
  return startHourlyTask(app, {
    firstRunMs: 120_000,
    failureMessage: 'scheduled price source runs failed',
    run: () => runScheduledPriceSources(app),
  });
}
