import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { TReceiptDraft } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/ids';
import { HttpError } from '../../http/errors';
import { FileNotFoundError } from '../../storage/file-store';
import { isFeatureEnabled } from '../../platform/operator-settings';
import { notifyReceiptJobDone } from './receipt-alerts';
import { buildManualEntryDraft, buildReceiptDraft } from './receipt-draft';
import { readUpload } from './receipt-files';
import { publishJob, type ReceiptJobRow } from './receipt-jobs.service';
import { parseText, PdfHasNoTextError, readImage, readPdfText, UnsupportedReceiptError, type TParsedReceipt } from './reading';

export const MAX_JOB_ATTEMPTS = 3;
/**
 * How long a claimed job stays ours without a heartbeat; a crashed worker's job is picked again after it. The worker
 * renews it every HEARTBEAT_MS while it works, however long the reading takes, so the lease can be short.
 */
export const LEASE_MS = 12_000;
export const HEARTBEAT_MS = 3_000;
const POLL_MS = 1_000;
const RETRY_DELAY_MS = 5_000;

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

/** Queued (and not waiting out a retry delay), or in flight with an expired lease, with attempts left. */
function isClaimable(eb: ExpressionBuilder<Database, 'receipt_jobs'>, now: string): Expression<SqlBool> {
  return eb.and([
    eb('attempts', '<', MAX_JOB_ATTEMPTS),
    eb.or([
      eb.and([eb('status', '=', 'queued'), eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)])]),
      eb.and([eb('status', 'in', ['reading', 'parsing']), eb('locked_until', '<', now)]),
    ]),
  ]);
}

/** Jobs whose reader died on every attempt end as failed instead of waiting forever. */
async function failExhaustedJobs(app: Deps<'db' | 'events' | 'log'>, now: string): Promise<void> {
  const stuck = await app.db
    .selectFrom('receipt_jobs')
    .select(['id', 'user_id', 'file_name'])
    .where('status', 'in', ['reading', 'parsing'])
    .where('locked_until', '<', now)
    .where('attempts', '>=', MAX_JOB_ATTEMPTS)
    .execute();
  for (const job of stuck) {
    const result = await app.db
      .updateTable('receipt_jobs')
      .set({
        status: 'failed',
        error: 'Reading this receipt stopped several times; try another photo or type it in.',
        locked_until: null,
        updated_at: now,
      })
      .where('id', '=', job.id)
      .where('status', 'in', ['reading', 'parsing'])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      await publishJob(app, { id: job.id, user_id: job.user_id, status: 'failed', progress: 0 });
      await notifyReceiptJobDone(app, job, 'failed', 'Reading this receipt stopped several times.');
    }
  }
}

/** Takes the oldest claimable job; the conditional UPDATE makes sure two instances never take the same one. */
export async function claimNextJob(app: Deps<'db' | 'events' | 'log'>): Promise<ReceiptJobRow | null> {
  const now = nowIso();
  await failExhaustedJobs(app, now);
  for (let tries = 0; tries < 3; tries += 1) {
    const candidate = await app.db
      .selectFrom('receipt_jobs')
      .select('id')
      .where((eb) => isClaimable(eb, now))
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return null;
    const result = await app.db
      .updateTable('receipt_jobs')
      .set((eb) => ({ status: 'reading', progress: 0, attempts: eb('attempts', '+', 1), locked_until: inMs(LEASE_MS), updated_at: now }))
      .where('id', '=', candidate.id)
      .where((eb) => isClaimable(eb, now))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      return (await app.db.selectFrom('receipt_jobs').selectAll().where('id', '=', candidate.id).executeTakeFirst()) ?? null;
    }
  }
  return null;
}

async function setJobState(app: Deps<'db' | 'events' | 'log'>, job: ReceiptJobRow, status: string, progress: number): Promise<void> {
  const result = await app.db
    .updateTable('receipt_jobs')
    .set({ status, progress, locked_until: inMs(LEASE_MS), updated_at: nowIso() })
    .where('id', '=', job.id)
    .where('status', 'in', ['reading', 'parsing'])
    .where('attempts', '=', job.attempts)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) await publishJob(app, { id: job.id, user_id: job.user_id, status, progress });
}

/**
 * Renews the job's lease every HEARTBEAT_MS until stopped. The claim's attempt number fences it: once another worker
 * has taken the job over (this one looked dead), this worker's heartbeat and results no longer apply.
 */
export function startLeaseHeartbeat(app: Deps<'db' | 'log'>, job: ReceiptJobRow): () => void {
  const timer = setInterval(() => {
    app.db
      .updateTable('receipt_jobs')
      .set({ locked_until: inMs(LEASE_MS) })
      .where('id', '=', job.id)
      .where('status', 'in', ['reading', 'parsing'])
      .where('attempts', '=', job.attempts)
      .execute()
      .catch((err: unknown) => app.log.warn({ err, jobId: job.id }, 'receipt job lease not renewed'));
  }, HEARTBEAT_MS);
  return () => clearInterval(timer);
}

async function readJob(
  app: Deps<'db' | 'events' | 'files' | 'log'>,
  job: ReceiptJobRow,
): Promise<{ text: string; parsed: TParsedReceipt; ms: number | null }> {
  if (job.kind === 'image') {
    if (!job.file_key) throw new HttpError(400, 'missing_file', 'The uploaded photo is missing.');
    const buffer = await readUpload(app.files, job.file_key).catch((err: unknown) => {
      // Gone for good is final; a bucket that did not answer is worth another attempt.
      if (err instanceof FileNotFoundError) throw new HttpError(410, 'missing_file', 'The uploaded photo is missing; upload it again.');
      throw err;
    });
    let lastReported = 0;
    let lastAt = 0;
    const result = await readImage(buffer, job.locale, ({ fraction }) => {
      // Heartbeat and live progress, throttled: tesseract reports many times per second.
      const progress = Math.round(fraction * 80) / 100;
      if (progress - lastReported < 0.05 || Date.now() - lastAt < 400) return;
      lastReported = progress;
      lastAt = Date.now();
      void setJobState(app, job, 'reading', progress).catch((err: unknown) => app.log.warn({ err, jobId: job.id }, 'progress not saved'));
    });
    // The receipt was read; a refinement that failed (e.g. the second recogniser's model missing) is worth a look.
    if (result.warnings.length > 0) app.log.warn({ jobId: job.id, warnings: result.warnings }, 'receipt read without some refinements');
    return result;
  }
  const started = performance.now();
  let text = job.text_input;
  if (text === null && job.kind === 'pdf' && job.file_key) text = await readPdfText(await readUpload(app.files, job.file_key));
  if (text === null) throw new HttpError(400, 'missing_text', 'There is no text to read.');
  await setJobState(app, job, 'parsing', 0.5);
  return { text, parsed: parseText(text, job.locale), ms: Math.round(performance.now() - started) };
}

function isPermanentFailure(error: unknown): boolean {
  return error instanceof HttpError || error instanceof UnsupportedReceiptError || error instanceof PdfHasNoTextError;
}

/**
 * The review draft: read and parsed, or, for a photo or PDF while the operator has receipt scanning off, an
 * empty one to type in beside the stored original. Pasted text is still parsed: that is not scanning.
 */
async function draftJob(
  app: Deps<'db' | 'events' | 'files' | 'log'>,
  job: ReceiptJobRow,
): Promise<{ draft: TReceiptDraft; ms: number | null }> {
  if (job.kind !== 'text' && !(await isFeatureEnabled(app, 'receipt_ocr'))) return { draft: buildManualEntryDraft(job.locale), ms: null };
  const { text, parsed, ms } = await readJob(app, job);
  await setJobState(app, job, 'parsing', 0.85);
  return { draft: await buildReceiptDraft(app.db, parsed, text, ms, job.user_id), ms };
}

async function processJob(app: Deps<'db' | 'events' | 'files' | 'log'>, job: ReceiptJobRow): Promise<void> {
  const log = app.log.child({ jobId: job.id, userId: job.user_id, kind: job.kind, attempt: job.attempts });
  await publishJob(app, job);
  const stopHeartbeat = startLeaseHeartbeat(app, job);
  try {
    const { draft, ms } = await draftJob(app, job);
    stopHeartbeat();
    const done = await app.db
      .updateTable('receipt_jobs')
      .set({ status: 'ready', progress: 1, error: null, result_json: JSON.stringify(draft), locked_until: null, updated_at: nowIso() })
      .where('id', '=', job.id)
      .where('status', 'in', ['reading', 'parsing'])
      .where('attempts', '=', job.attempts)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) {
      await publishJob(app, { ...job, status: 'ready', progress: 1 });
      await notifyReceiptJobDone(app, job, draft.notice ? 'manual' : 'ready');
    }
    log.info({ ms, items: draft.items.length }, 'receipt read');
  } catch (error) {
    stopHeartbeat();
    const isFinal = isPermanentFailure(error) || job.attempts >= MAX_JOB_ATTEMPTS;
    const message = error instanceof Error && isPermanentFailure(error) ? error.message : 'The receipt could not be read.';
    log.warn({ err: error, isFinal }, 'receipt reading failed');
    await app.db
      .updateTable('receipt_jobs')
      .set({
        status: isFinal ? 'failed' : 'queued',
        error: isFinal ? message : `${message} Trying again.`,
        progress: 0,
        locked_until: isFinal ? null : inMs(RETRY_DELAY_MS * job.attempts),
        updated_at: nowIso(),
      })
      .where('id', '=', job.id)
      .where('status', 'in', ['reading', 'parsing'])
      .where('attempts', '=', job.attempts)
      .execute();
    await publishJob(app, { ...job, status: isFinal ? 'failed' : 'queued', progress: 0 });
    if (isFinal) await notifyReceiptJobDone(app, job, 'failed', message);
  }
}

/** Claims and processes at most one job; true when there was one. Tests call this instead of the poller. */
export async function runReceiptJobsOnce(app: Deps<'db' | 'events' | 'files' | 'log'>): Promise<boolean> {
  const job = await claimNextJob(app);
  if (!job) return false;
  await processJob(app, job);
  return true;
}

/** Background task: polls every second and works through the queue one job at a time. */
export function startReceiptJobs(app: Deps<'db' | 'events' | 'files' | 'log'>): () => void {
  let isBusy = false;
  let isStopped = false;
  const timer = setInterval(() => {
    if (isBusy || isStopped) return;
    isBusy = true;
    void (async () => {
      try {
        while (!isStopped && (await runReceiptJobsOnce(app)));
      } catch (err) {
        app.log.error({ err }, 'receipt job poll failed');
      } finally {
        isBusy = false;
      }
    })();
  }, POLL_MS);
  return () => {
    isStopped = true;
    clearInterval(timer);
  };
}
