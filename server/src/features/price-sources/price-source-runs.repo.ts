import { ZPriceImportError, type TPriceSourceRun, type TPriceSourceRunStatus } from '@cartwise/contracts';
import type { ExpressionBuilder, Selectable } from 'kysely';
import { z } from 'zod';
import type { Deps } from '../../app-types';
import { nowIso } from '../../db/ids';
import type { Database, PriceSourceRunsTable } from '../../db/schema';

type RunRow = Selectable<PriceSourceRunsTable>;

const ZStoredSummary = z.object({
  files: z.number().int().catch(0),
  stores: z.number().int().catch(0),
  products: z.number().int().catch(0),
  prices: z.number().int().catch(0),
  promotions: z.number().int().catch(0),
  unchanged: z.number().int().catch(0),
});
const STATUSES = new Set<string>(['queued', 'running', 'succeeded', 'partial', 'failed']);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function toRunView(row: RunRow): TPriceSourceRun {
  const summary = ZStoredSummary.safeParse(parseJson(row.summary) ?? {});
  const errors = z.array(ZPriceImportError).safeParse(parseJson(row.errors));
  const counts = summary.success ? summary.data : { files: 0, stores: 0, products: 0, prices: 0, promotions: 0, unchanged: 0 };
  return {
    runId: row.id,
    source: row.source_id,
    status: (STATUSES.has(row.status) ? row.status : 'failed') as TPriceSourceRunStatus,
    ...counts,
    files: Math.max(counts.files, row.files_done),
    errors: errors.success ? errors.data : [],
    rowsRead: row.rows_read,
    startedBy: row.started_by,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

export async function findRun(deps: Deps<'db'>, runId: string): Promise<TPriceSourceRun | null> {
  const row = await deps.db.selectFrom('price_source_runs').selectAll().where('id', '=', runId).executeTakeFirst();
  return row ? toRunView(row) : null;
}

/** The latest runs, newest first, of one source or all. */
export async function listRuns(deps: Deps<'db'>, input: { sourceId?: string; limit: number }): Promise<TPriceSourceRun[]> {
  let query = deps.db.selectFrom('price_source_runs').selectAll().orderBy('started_at', 'desc').orderBy('id').limit(input.limit);
  if (input.sourceId) query = query.where('source_id', '=', input.sourceId);
  return (await query.execute()).map(toRunView);
}

export async function hasActiveRun(deps: Deps<'db'>, sourceId: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom('price_source_runs')
    .select('id')
    .where('source_id', '=', sourceId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertQueuedRun(
  deps: Deps<'db'>,
  input: { runId: string; sourceId: string; startedBy: string | null },
): Promise<void> {
  await deps.db
    .insertInto('price_source_runs')
    .values({
      id: input.runId,
      source_id: input.sourceId,
      status: 'queued',
      started_by: input.startedBy,
      started_at: nowIso(),
      finished_at: null,
      heartbeat_at: nowIso(),
    })
    .execute();
}

export async function saveRowsRead(deps: Deps<'db'>, runId: string, rowsRead: number): Promise<void> {
  await deps.db.updateTable('price_source_runs').set({ rows_read: rowsRead, heartbeat_at: nowIso() }).where('id', '=', runId).execute();
}

/** A live run beats at least this often (the pipeline's timer), whatever its current step. */
export const RUN_HEARTBEAT_MS = 30_000;
/** A queued or running run silent for this long was left by a server that stopped. */
export const RUN_ABANDONED_AFTER_MS = 5 * 60_000;

export const INTERRUPTED_MESSAGE =
  'Interrupted: the run stopped reporting progress (its server stopped or restarted), so it was marked failed.';

/**
 * Marks failed the queued or running runs (of one source, or all) whose last heartbeat, or start when they have
 * none, is older than RUN_ABANDONED_AFTER_MS. The update re-checks the heartbeat, so a run that beats meanwhile
 * keeps going. Returns the ids marked.
 */
export async function failAbandonedRuns(deps: Deps<'db'>, input: { sourceId?: string; now?: Date } = {}): Promise<string[]> {
  const cutoff = new Date((input.now ?? new Date()).getTime() - RUN_ABANDONED_AFTER_MS).toISOString();
  const isSilent = (eb: ExpressionBuilder<Database, 'price_source_runs'>) =>
    eb.and([
      eb('status', 'in', ['queued', 'running']),
      eb.or([eb('heartbeat_at', '<', cutoff), eb.and([eb('heartbeat_at', 'is', null), eb('started_at', '<', cutoff)])]),
    ]);
  let query = deps.db.selectFrom('price_source_runs').select(['id', 'source_id', 'errors']).where(isSilent);
  if (input.sourceId) query = query.where('source_id', '=', input.sourceId);
  const marked: string[] = [];
  for (const row of await query.execute()) {
    const errors = z.array(ZPriceImportError).safeParse(parseJson(row.errors));
    const error = { file: row.source_id, message: INTERRUPTED_MESSAGE };
    const result = await deps.db
      .updateTable('price_source_runs')
      .set({ status: 'failed', errors: JSON.stringify([...(errors.success ? errors.data : []), error]), finished_at: nowIso() })
      .where('id', '=', row.id)
      .where(isSilent)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) marked.push(row.id);
  }
  return marked;
}

/** A run that could not start or stopped on an unexpected error: failed, with the message as its error. */
export async function failRun(deps: Deps<'db'>, runId: string, error: { file: string; message: string }): Promise<void> {
  const row = await deps.db.selectFrom('price_source_runs').select('errors').where('id', '=', runId).executeTakeFirst();
  const errors = z.array(ZPriceImportError).safeParse(parseJson(row?.errors ?? '[]'));
  await deps.db
    .updateTable('price_source_runs')
    .set({ status: 'failed', errors: JSON.stringify([...(errors.success ? errors.data : []), error]), finished_at: nowIso() })
    .where('id', '=', runId)
    .execute();
}
