import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZReceiptJob, ZUploadResult, type TReceiptJob, receiptJobsApi } from '@cartwise/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { setFeature } from '../../test/operator-settings';
import { makeTextPdf, toMultipart } from './receipt-test-helpers';
import { runReceiptJobsOnce } from './receipt-worker';
import { callRoute } from '../../test/call-route';

// POST /api/receipt-jobs/:id/reread: a photo or PDF left blank while receipt_ocr was off is read once it is back on.
let t: TestApp;
let operator: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  operator = await createAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

const PDF_LINES = ['GREEN GROCER', '10/05/2026 09:30', 'APPLES        2.50', 'PEARS         1.75', 'TOTAL         4.25'];

async function uploadPdf(owner: TestUser): Promise<string> {
  const { payload, headers } = toMultipart([{ name: 'order.pdf', data: makeTextPdf(PDF_LINES), type: 'application/pdf' }]);
  const res = await callRoute(t.app, receiptJobsApi.upload, { headers: { ...headers, ...asUser(owner) }, body: payload });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return ZUploadResult.parse(res.json()).jobs[0]!.id;
}

/** Uploads a PDF while scanning is off and lets the worker turn it into a blank draft; scanning is on again after. */
async function uploadWhileScanningOff(owner: TestUser): Promise<string> {
  await setFeature(t.app, operator, 'receipt_ocr', false);
  try {
    const id = await uploadPdf(owner);
    while (await runReceiptJobsOnce(t.app));
    return id;
  } finally {
    await setFeature(t.app, operator, 'receipt_ocr', true);
  }
}

async function getJob(owner: TestUser, id: string): Promise<TReceiptJob> {
  return ZReceiptJob.parse((await callRoute(t.app, receiptJobsApi.detail, { params: { id }, headers: asUser(owner) })).json());
}

function reread(owner: TestUser | null, id: string) {
  return callRoute(t.app, receiptJobsApi.reread, { params: { id }, headers: owner ? asUser(owner) : {} });
}

describe('reading a receipt left blank while scanning was off', () => {
  it('queues it for its owner once scanning is on, and the worker reads it into a reviewable draft', async () => {
    const owner = await createUser(t.app);
    const id = await uploadWhileScanningOff(owner);
    expect(await getJob(owner, id)).toMatchObject({ status: 'ready', isManualEntry: true, draft: { items: [] } });

    const res = await reread(owner, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZReceiptJob.parse(res.json())).toMatchObject({
      id,
      status: 'queued',
      progress: 0,
      attempts: 0,
      draft: null,
      isManualEntry: false,
      hasImage: true,
    });

    expect(await runReceiptJobsOnce(t.app)).toBe(true);
    const read = await getJob(owner, id);
    expect(read).toMatchObject({ status: 'ready', isManualEntry: false, error: null });
    expect(read.draft?.notice).toBeUndefined();
    expect(read.draft?.items.map((item) => [item.name, item.price])).toEqual([
      ['APPLES', 2.5],
      ['PEARS', 1.75],
    ]);
    expect(read.draft?.total.value).toBe(4.25);
    const alerts = await t.app.db.selectFrom('notifications').select('title').where('user_id', '=', owner.id).orderBy('title').execute();
    expect(alerts.map((a) => a.title)).toEqual(['Receipt ready to fill in', 'Receipt ready to review']);

    // Read now, it is no longer a blank draft: asking again is a conflict.
    const again = await reread(owner, id);
    expect(again.statusCode).toBe(409);
    expect(again.error()).toEqual({
      error: 'job_not_manual',
      message: 'Only a receipt left blank while scanning was off can be read now.',
    });
  });

  it('answers 403 with a clear message while scanning is still off, and changes nothing', async () => {
    const owner = await createUser(t.app);
    const id = await uploadWhileScanningOff(owner);
    await setFeature(t.app, operator, 'receipt_ocr', false);
    try {
      const res = await reread(owner, id);
      expect(res.statusCode).toBe(403);
      expect(res.error()).toEqual({
        error: 'feature_disabled',
        message:
          'Receipt scanning is still turned off, so this receipt cannot be read yet. Type in its details, or try again once scanning is back on.',
      });
      expect(await getJob(owner, id)).toMatchObject({ status: 'ready', isManualEntry: true });
    } finally {
      await setFeature(t.app, operator, 'receipt_ocr', true);
    }
  });

  it("answers 404 for another shopper's job and 401 when signed out, leaving the job as it was", async () => {
    const owner = await createUser(t.app);
    const id = await uploadWhileScanningOff(owner);
    const stranger = await createUser(t.app);
    expect((await reread(stranger, id)).statusCode).toBe(404);
    expect((await reread(null, id)).statusCode).toBe(401);
    expect((await reread(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await getJob(owner, id)).toMatchObject({ status: 'ready', isManualEntry: true });
  });

  it('answers 409 for a job that was read, is still queued, or was saved', async () => {
    const owner = await createUser(t.app);
    const queued = await uploadPdf(owner);
    expect((await reread(owner, queued)).statusCode).toBe(409);
    while (await runReceiptJobsOnce(t.app));
    expect(await getJob(owner, queued)).toMatchObject({ status: 'ready', isManualEntry: false });
    expect((await reread(owner, queued)).statusCode).toBe(409);

    const blank = await uploadWhileScanningOff(owner);
    const payload = { storeName: 'Green Grocer', date: '2026-10-05', items: [{ name: 'Apples', price: 2.5 }], total: 2.5 };
    expect((await callRoute(t.app, receiptJobsApi.save, { params: { id: blank }, headers: asUser(owner), body: payload })).statusCode).toBe(
      201,
    );
    const saved = await reread(owner, blank);
    expect(saved.statusCode).toBe(409);
    expect((await t.app.db.selectFrom('receipt_jobs').select('status').where('id', '=', blank).executeTakeFirstOrThrow()).status).toBe(
      'saved',
    );
  });
});
