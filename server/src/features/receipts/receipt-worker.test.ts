import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ZReceiptJob, receiptJobsApi } from '@cartwise/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asUser, createUser } from '../../test/factories';
import { claimNextJob, HEARTBEAT_MS, MAX_JOB_ATTEMPTS, runReceiptJobsOnce, startLeaseHeartbeat } from './receipt-worker';
import { callRoute } from '../../test/call-route';

const TEXT = ['SUNNY FOODS', '11/03/2026', 'APPLES        2.50', 'TOTAL         2.50'].join('\n');
const opened: TestApp[] = [];

afterAll(async () => {
  for (const t of opened.reverse()) await t.close();
});

async function open(overrides: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const t = await createTestApp(overrides);
  opened.push(t);
  return t;
}

describe('durable receipt jobs', () => {
  it('finishes a job after a crash mid-reading once its lease has passed, on a new app over the same data', async () => {
    const first = await open();
    const user = await createUser(first.app);
    const res = await callRoute(first.app, receiptJobsApi.upload, { headers: asUser(user), body: { text: TEXT } });
    const jobId = (res.json() as { jobs: { id: string }[] }).jobs[0]!.id;
    // The worker had claimed it and was reading when the process died.
    const past = new Date(Date.now() - 60_000).toISOString();
    await first.app.db
      .updateTable('receipt_jobs')
      .set({ status: 'reading', attempts: 1, progress: 0.4, locked_until: past })
      .where('id', '=', jobId)
      .execute();
    await first.app.close();

    const second = await open({ dataDir: first.app.config.dataDir, databaseUrl: first.app.config.databaseUrl });
    expect(await runReceiptJobsOnce(second.app)).toBe(true);
    const job = ZReceiptJob.parse(
      (await callRoute(second.app, receiptJobsApi.detail, { params: { id: jobId }, headers: asUser(user) })).json(),
    );
    expect(job).toMatchObject({ status: 'ready', progress: 1, attempts: 2, error: null });
    expect(job.draft?.total.value).toBe(2.5);
    const alerts = await second.app.db.selectFrom('notifications').select('title').where('user_id', '=', user.id).execute();
    expect(alerts).toEqual([{ title: 'Receipt ready to review' }]);
  });

  it('sends no alert when the shopper turned receipt processing alerts off', async () => {
    const t = await open();
    const user = await createUser(t.app);
    const updated = await t.app.db
      .updateTable('notification_preferences')
      .set({ receipts: 0 })
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);
    await callRoute(t.app, receiptJobsApi.upload, { headers: asUser(user), body: { text: TEXT } });
    expect(await runReceiptJobsOnce(t.app)).toBe(true);
    const alerts = await t.app.db.selectFrom('notifications').select('id').where('user_id', '=', user.id).execute();
    expect(alerts).toHaveLength(0);
  });

  it('leaves a job alone while another worker still holds its lease, and only one of two workers takes a job', async () => {
    const t = await open();
    const user = await createUser(t.app);
    const res = await callRoute(t.app, receiptJobsApi.upload, { headers: asUser(user), body: { text: TEXT } });
    const jobId = (res.json() as { jobs: { id: string }[] }).jobs[0]!.id;
    const future = new Date(Date.now() + 60_000).toISOString();
    await t.app.db
      .updateTable('receipt_jobs')
      .set({ status: 'reading', attempts: 1, locked_until: future })
      .where('id', '=', jobId)
      .execute();
    expect(await runReceiptJobsOnce(t.app)).toBe(false);

    await t.app.db.updateTable('receipt_jobs').set({ status: 'queued', attempts: 0, locked_until: null }).where('id', '=', jobId).execute();
    const results = await Promise.all([runReceiptJobsOnce(t.app), runReceiptJobsOnce(t.app)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const row = await t.app.db.selectFrom('receipt_jobs').select(['status', 'attempts']).where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'ready', attempts: 1 });
  });

  it('marks a job failed with a reason when reading died on every attempt, and can retry it', async () => {
    const t = await open();
    const user = await createUser(t.app);
    const res = await callRoute(t.app, receiptJobsApi.upload, { headers: asUser(user), body: { text: TEXT } });
    const jobId = (res.json() as { jobs: { id: string }[] }).jobs[0]!.id;
    const past = new Date(Date.now() - 1_000).toISOString();
    await t.app.db
      .updateTable('receipt_jobs')
      .set({ status: 'reading', attempts: MAX_JOB_ATTEMPTS, locked_until: past })
      .where('id', '=', jobId)
      .execute();
    expect(await runReceiptJobsOnce(t.app)).toBe(false);
    const failed = ZReceiptJob.parse(
      (await callRoute(t.app, receiptJobsApi.detail, { params: { id: jobId }, headers: asUser(user) })).json(),
    );
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/stopped several times/);

    const retried = await callRoute(t.app, receiptJobsApi.retry, { params: { id: jobId }, headers: asUser(user) });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await runReceiptJobsOnce(t.app)).toBe(true);
    const row = await t.app.db.selectFrom('receipt_jobs').select('status').where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(row.status).toBe('ready');
  });

  it('fails a photo job whose file is gone with a reason instead of retrying forever', async () => {
    const t = await open();
    const user = await createUser(t.app);
    const now = new Date().toISOString();
    const id = crypto.randomUUID();
    await t.app.db
      .insertInto('receipt_jobs')
      .values({
        id,
        user_id: user.id,
        status: 'queued',
        kind: 'image',
        file_key: `receipts/${user.id}/${id}.jpg`,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect(await runReceiptJobsOnce(t.app)).toBe(true);
    const row = await t.app.db
      .selectFrom('receipt_jobs')
      .select(['status', 'error', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', error: 'The uploaded photo is missing; upload it again.', attempts: 1 });
    const alerts = await t.app.db.selectFrom('notifications').select(['title', 'body', 'link']).where('user_id', '=', user.id).execute();
    expect(alerts).toEqual([
      { title: 'Receipt could not be read', body: 'The uploaded photo is missing; upload it again.', link: '/u/receipts/upload' },
    ]);
  });
});

describe('receipt job leases', () => {
  afterEach(() => vi.useRealTimers());

  async function queueJob(t: TestApp): Promise<string> {
    const user = await createUser(t.app);
    const res = await callRoute(t.app, receiptJobsApi.upload, { headers: asUser(user), body: { text: TEXT } });
    return (res.json() as { jobs: { id: string }[] }).jobs[0]!.id;
  }

  it('lets another worker retake the job of a dead worker within 15 seconds', async () => {
    const t = await open();
    const jobId = await queueJob(t);
    // This worker claims the job and dies before it renews the lease once.
    expect((await claimNextJob(t.app))?.id).toBe(jobId);
    expect(await runReceiptJobsOnce(t.app)).toBe(false);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15_000 });
    expect(await runReceiptJobsOnce(t.app)).toBe(true);
    const row = await t.app.db.selectFrom('receipt_jobs').select(['status', 'attempts']).where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'ready', attempts: 2 });
  });

  it('renews the lease of a live worker by a heartbeat, and stops once the job was taken over', async () => {
    const t = await open();
    const jobId = await queueJob(t);
    const job = (await claimNextJob(t.app))!;
    const leaseOf = async () =>
      (await t.app.db.selectFrom('receipt_jobs').select('locked_until').where('id', '=', jobId).executeTakeFirstOrThrow()).locked_until!;
    const first = await leaseOf();
    const stop = startLeaseHeartbeat(t.app, job);
    try {
      await vi.waitFor(async () => expect((await leaseOf()) > first).toBe(true), { timeout: HEARTBEAT_MS * 3, interval: 200 });
      // Another worker took it over (this one looked dead): its lease is no longer this heartbeat's to renew.
      const takenOver = new Date(Date.now() + 1_000).toISOString();
      await t.app.db
        .updateTable('receipt_jobs')
        .set({ attempts: job.attempts + 1, locked_until: takenOver })
        .where('id', '=', jobId)
        .execute();
      await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS + 500));
      expect(await leaseOf()).toBe(takenOver);
    } finally {
      stop();
    }
  });
});
