import { ZReceiptDraft, type TCreateReceipt, type TReceipt, type TReceiptJob, type TReceiptJobStatus } from '@cartwise/contracts';
import type { Selectable } from 'kysely';
import type { Deps } from '../../app-types';
import type { ReceiptJobsTable } from '../../db/schema';
import { createId, nowIso } from '../../db/ids';
import { HttpError, notFound } from '../../http/errors';
import { assertFeatureEnabled } from '../../platform/operator-settings';
import { deleteUpload, storeUpload, type PreparedUpload } from './receipt-files';
import { loadReceiptDto } from './receipts.repo';
import { createReceipt } from './receipts.service';

export type ReceiptJobRow = Selectable<ReceiptJobsTable>;

/** A photo or PDF left as a blank draft (with its notice) because receipt scanning was off when it was processed. */
function isManualEntryJob(row: ReceiptJobRow, draft: TReceiptJob['draft']): boolean {
  return row.status === 'ready' && row.kind !== 'text' && draft?.notice !== undefined;
}

export function toReceiptJobDto(row: ReceiptJobRow): TReceiptJob {
  let draft: TReceiptJob['draft'] = null;
  if (row.result_json) {
    const parsed = ZReceiptDraft.safeParse(JSON.parse(row.result_json));
    draft = parsed.success ? parsed.data : null;
  }
  const kind = row.kind === 'image' || row.kind === 'pdf' ? row.kind : 'text';
  return {
    id: row.id,
    status: row.status as TReceiptJobStatus,
    progress: Number(row.progress),
    error: row.error,
    kind,
    fileName: row.file_name,
    hasImage: row.file_key !== null,
    attempts: Number(row.attempts),
    receiptId: row.receipt_id,
    draft,
    isManualEntry: isManualEntryJob(row, draft),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function publishJob(
  app: Deps<'events' | 'log'>,
  row: Pick<ReceiptJobRow, 'id' | 'user_id' | 'status' | 'progress'>,
): Promise<void> {
  try {
    await app.events.publish(row.user_id, { type: 'receipt-job', id: row.id, status: row.status, progress: Number(row.progress) });
  } catch (err) {
    // Progress events are a nicety (the page also polls); never fail the job over one.
    app.log.warn({ err, jobId: row.id }, 'receipt job event not published');
  }
}

async function getLocale(app: Deps<'db'>, userId: string): Promise<string> {
  const profile = await app.db.selectFrom('profiles').select('locale').where('id', '=', userId).executeTakeFirst();
  return profile?.locale || 'en-US';
}

export type NewJobInput =
  { kind: 'text'; text: string; locale?: string } | { kind: 'file'; upload: PreparedUpload; fileName: string | null };

/** Stores the uploads and queues one job each; every upload was validated before anything is written. */
export async function createReceiptJobs(
  app: Deps<'db' | 'events' | 'files' | 'log'>,
  userId: string,
  inputs: readonly NewJobInput[],
): Promise<ReceiptJobRow[]> {
  const locale = await getLocale(app, userId);
  const rows: ReceiptJobRow[] = [];
  const writtenKeys: string[] = [];
  try {
    for (const input of inputs) {
      const id = createId();
      const now = nowIso();
      const fileKey = input.kind === 'file' ? await storeUpload(app.files, userId, id, input.upload) : null;
      if (fileKey) writtenKeys.push(fileKey);
      const row: ReceiptJobRow = {
        id,
        user_id: userId,
        status: 'queued',
        progress: 0,
        error: null,
        attempts: 0,
        kind: input.kind === 'text' ? 'text' : input.upload.kind,
        file_key: fileKey,
        file_name: input.kind === 'file' ? input.fileName?.slice(0, 200) || null : null,
        text_input: input.kind === 'text' ? input.text : input.upload.text,
        locale: input.kind === 'text' ? input.locale || locale : locale,
        result_json: null,
        receipt_id: null,
        locked_until: null,
        created_at: now,
        updated_at: now,
      };
      rows.push(row);
    }
    await app.db.insertInto('receipt_jobs').values(rows).execute();
  } catch (error) {
    await Promise.all(writtenKeys.map((key) => deleteUpload(app.files, key)));
    throw error;
  }
  for (const row of rows) await publishJob(app, row);
  return rows;
}

export async function findOwnJob(app: Deps<'db'>, userId: string, id: string): Promise<ReceiptJobRow> {
  const row = await app.db.selectFrom('receipt_jobs').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('Receipt job');
  return row;
}

/** Jobs still in flight or waiting for review (saved ones are receipts now), newest first. */
export function listOpenJobs(app: Deps<'db'>, userId: string): Promise<ReceiptJobRow[]> {
  return app.db
    .selectFrom('receipt_jobs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '!=', 'saved')
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
}

/** Turns a reviewed draft into a receipt; the job is claimed first so a double click cannot save twice. */
export async function saveJobAsReceipt(
  app: Deps<'db' | 'events' | 'log'>,
  userId: string,
  jobId: string,
  input: TCreateReceipt,
): Promise<TReceipt> {
  const job = await findOwnJob(app, userId, jobId);
  const receipt = await app.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('receipt_jobs')
      .set({ status: 'saved', progress: 1, updated_at: nowIso(), locked_until: null })
      .where('id', '=', jobId)
      .where('user_id', '=', userId)
      .where('status', 'in', ['ready', 'failed'])
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      throw new HttpError(
        409,
        'job_not_ready',
        job.status === 'saved' ? 'This receipt was already saved.' : 'This receipt is still being read.',
      );
    }
    const draft = job.result_json ? ZReceiptDraft.safeParse(JSON.parse(job.result_json)) : null;
    const rawText = draft?.success ? draft.data.rawText : job.text_input;
    const row = await createReceipt(trx, userId, input, {
      source: job.kind === 'text' ? 'text' : 'upload',
      imageKey: job.file_key,
      rawText: rawText ?? null,
    });
    await trx.updateTable('receipt_jobs').set({ receipt_id: row.id }).where('id', '=', jobId).execute();
    return row;
  });
  await publishJob(app, { id: jobId, user_id: userId, status: 'saved', progress: 1 });
  return loadReceiptDto(app.db, receipt);
}

export async function retryJob(app: Deps<'db' | 'events' | 'log'>, userId: string, jobId: string): Promise<ReceiptJobRow> {
  const result = await app.db
    .updateTable('receipt_jobs')
    .set({ status: 'queued', attempts: 0, error: null, progress: 0, locked_until: null, updated_at: nowIso() })
    .where('id', '=', jobId)
    .where('user_id', '=', userId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  const row = await findOwnJob(app, userId, jobId);
  if (Number(result.numUpdatedRows) !== 1) throw new HttpError(409, 'job_not_failed', 'Only a failed receipt can be read again.');
  await publishJob(app, row);
  return row;
}

export const SCANNING_STILL_OFF_MESSAGE =
  'Receipt scanning is still turned off, so this receipt cannot be read yet. Type in its details, or try again once scanning is back on.';

/**
 * Queues a blank draft left while scanning was off (isManualEntry) to be read now that scanning is on again. The
 * conditional UPDATE only matches the row as it was checked, so a save or discard in between is not undone.
 */
export async function rereadJob(app: Deps<'db' | 'events' | 'log'>, userId: string, jobId: string): Promise<ReceiptJobRow> {
  const job = await findOwnJob(app, userId, jobId);
  if (!toReceiptJobDto(job).isManualEntry)
    throw new HttpError(409, 'job_not_manual', 'Only a receipt left blank while scanning was off can be read now.');
  await assertFeatureEnabled(app, 'receipt_ocr', SCANNING_STILL_OFF_MESSAGE);
  const result = await app.db
    .updateTable('receipt_jobs')
    .set({ status: 'queued', attempts: 0, error: null, progress: 0, result_json: null, locked_until: null, updated_at: nowIso() })
    .where('id', '=', jobId)
    .where('user_id', '=', userId)
    .where('status', '=', 'ready')
    .where('updated_at', '=', job.updated_at)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new HttpError(409, 'job_changed', 'This receipt changed meanwhile; reload and try again.');
  const row = await findOwnJob(app, userId, jobId);
  await publishJob(app, row);
  return row;
}

/** Drops a job the user does not want to save, with its uploaded file. */
export async function discardJob(app: Deps<'db' | 'files'>, userId: string, jobId: string): Promise<void> {
  const row = await findOwnJob(app, userId, jobId);
  if (row.status === 'saved') throw new HttpError(409, 'job_saved', 'This receipt was saved; delete the receipt instead.');
  await app.db.deleteFrom('receipt_jobs').where('id', '=', jobId).execute();
  await deleteUpload(app.files, row.file_key);
}
