import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ZAdminStats, ZReceiptJob, listsApi, accountApi, receiptJobsApi } from '@cartwise/contracts';
import { createTestApp, type TestApp } from './test/test-app';
import { asUser, createAdmin, createUser } from './test/factories';
import { startS3Server, type TestS3Server } from './test/s3-server';
import { toMultipart } from './features/receipts/receipt-test-helpers';
import { runReceiptJobsOnce } from './features/receipts';
import { ACCOUNT_FAILURES_BEFORE_DELAY } from './http/throttle';
import { callRoute } from './test/call-route';

/** A receipt photo with printed lines, so the instance that claims the job has something to read. */
async function makeReceiptPhoto(): Promise<Buffer> {
  const lines = ['SUNNY FOODS', '11/03/2026', 'APPLES 2.50', 'TOTAL 2.50'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="260"><rect width="100%" height="100%" fill="#fff"/>${lines
    .map((line, i) => `<text x="30" y="${50 + i * 52}" font-family="monospace" font-size="32" fill="#000">${line}</text>`)
    .join('')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

function listUploads(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads');
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).map(String) : [];
}

// Several instances share PostgreSQL; on SQLite there is one instance per data dir, so there is nothing to test.
describe.skipIf(!inject('postgresUrl'))('two instances on one PostgreSQL, with separate data dirs and one bucket', () => {
  let s3: TestS3Server;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    a = await createTestApp({ objectStorage: s3.config });
    // Its own data dir (createTestApp makes one), A's database, the same bucket and AUTH_SECRET.
    b = await createTestApp({ objectStorage: s3.config, databaseUrl: a.app.config.databaseUrl });
    expect(b.app.config.dataDir).not.toBe(a.app.config.dataDir);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await s3?.close();
  });

  it('reads a photo uploaded to A on B, which claims its job', async () => {
    const shopper = await createUser(a.app);
    const { payload, headers } = toMultipart([{ name: 'receipt.jpg', data: await makeReceiptPhoto() }]);
    const res = await callRoute(a.app, receiptJobsApi.upload, { headers: { ...headers, ...asUser(shopper) }, body: payload });
    expect(res.statusCode, res.body).toBe(201);
    const jobId = (res.json() as { jobs: { id: string }[] }).jobs[0]!.id;

    expect(await runReceiptJobsOnce(b.app)).toBe(true);
    const job = ZReceiptJob.parse(
      (await callRoute(b.app, receiptJobsApi.detail, { params: { id: jobId }, headers: asUser(shopper) })).json(),
    );
    expect(job.status, job.error ?? '').toBe('ready');
    expect(job.draft?.total.value).toBe(2.5);
    // And the photo itself, from either instance.
    for (const t of [a, b])
      expect((await callRoute(t.app, receiptJobsApi.image, { params: { id: jobId }, headers: asUser(shopper) })).statusCode).toBe(200);
    expect([...listUploads(a.app.config.dataDir), ...listUploads(b.app.config.dataDir)]).toEqual([]);
  }, 60_000);

  it('takes a session made on A on B, and writes through B are read on A', async () => {
    const shopper = await createUser(a.app);
    const me = await callRoute(b.app, accountApi.me, { headers: asUser(shopper) });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().email).toBe(shopper.email);
    // A list written through B is there on A.
    const list = await callRoute(b.app, listsApi.create, { headers: asUser(shopper), body: { name: 'Shared trip' } });
    expect(list.statusCode, list.body).toBe(201);
    const lists = await callRoute(a.app, listsApi.list, { headers: asUser(shopper) });
    expect(lists.body).toContain('Shared trip');
  });

  it('counts failed sign-ins to one account across both instances', async () => {
    const target = await createUser(a.app);
    const codes: number[] = [];
    for (let i = 0; i < ACCOUNT_FAILURES_BEFORE_DELAY + 2; i += 1) {
      const instance = i % 2 === 0 ? a : b;
      codes.push(
        (
          await instance.app.inject({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            payload: { email: target.email, password: `wrong-${i}` },
          })
        ).statusCode,
      );
    }
    expect(codes.slice(0, ACCOUNT_FAILURES_BEFORE_DELAY)).toEqual(Array(ACCOUNT_FAILURES_BEFORE_DELAY).fill(401));
    expect(codes.slice(ACCOUNT_FAILURES_BEFORE_DELAY)).toEqual([429, 429]);
  });

  it("shares the operator's cached stats: a refresh on one is what the other shows", async () => {
    const admin = await createAdmin(a.app);
    const stats = async (t: TestApp, fresh: boolean) =>
      ZAdminStats.parse(
        (await t.app.inject({ method: 'GET', url: `/api/admin/stats${fresh ? '?fresh=1' : ''}`, headers: asUser(admin) })).json(),
      ).users.total_users;
    const before = await stats(a, true);
    await createUser(b.app);
    // Within the cache's two minutes both show the numbers A computed...
    expect(await stats(b, false)).toBe(before);
    // ...and once B refreshes them, A shows B's.
    expect(await stats(b, true)).toBe(before + 1);
    expect(await stats(a, false)).toBe(before + 1);
  });
});
