import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZReceipt, ZReceiptJob, ZReceiptJobList, receiptJobsApi, receiptsApi } from '@cartwise/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { setFeature, setSetting } from '../../test/operator-settings';
import { makeMultiPictureJpeg, makeTextPdf, toMultipart, type Part } from './receipt-test-helpers';
import { runReceiptJobsOnce } from './receipt-worker';
import { callRoute } from '../../test/call-route';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
});
afterAll(async () => {
  await t.close();
});

function listStoredFiles(): string[] {
  const root = path.join(t.app.config.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

async function countJobs(owner: TestUser): Promise<number> {
  const rows = await t.app.db.selectFrom('receipt_jobs').select('id').where('user_id', '=', owner.id).execute();
  return rows.length;
}

/** The file the upload stored for a job. */
async function readStored(jobId: string): Promise<Buffer> {
  const row = await t.app.db.selectFrom('receipt_jobs').select('file_key').where('id', '=', jobId).executeTakeFirstOrThrow();
  return fs.readFileSync(path.join(t.app.config.dataDir, 'uploads', row.file_key!));
}

async function makeJpeg(options: { withExif?: boolean } = {}): Promise<Buffer> {
  let image = sharp({ create: { width: 240, height: 320, channels: 3, background: '#ffffff' } }).jpeg();
  if (options.withExif) image = image.withExif({ IFD0: { Copyright: 'secret-location', ImageDescription: 'GPS 51.5,-0.12' } });
  return image.toBuffer();
}

// A valid PDF whose only page has no text at all, like a scanned receipt saved without OCR.
const PDF_WITHOUT_TEXT = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('receipt uploads: bad files are refused and leave nothing behind', () => {
  const cases: [string, () => Promise<Part[]>, number, RegExp][] = [
    ['an empty file', async () => [{ name: 'empty.jpg', data: Buffer.alloc(0) }], 400, /empty/i],
    [
      'a file over the default 15 MB limit',
      async () => [{ name: 'huge.jpg', data: Buffer.alloc(16 * 1024 * 1024, 0xff) }],
      413,
      /15 MB upload limit/,
    ],
    [
      'a file that is not an image (whatever its name says)',
      async () => [{ name: 'receipt.jpg', data: Buffer.from([0, 1, 2, 3, 250, 251, 252, 0, 9, 8]) }],
      415,
      /unsupported/i,
    ],
    ['a truncated JPEG', async () => [{ name: 'cut.jpg', data: (await makeJpeg()).subarray(0, 400) }], 400, /could not be read/i],
    ['a file name with a NUL character', async () => [{ name: 'receipt\u0000.jpg', data: await makeJpeg() }], 400, /NUL characters/],
    ['a PDF without text', async () => [{ name: 'scan.pdf', data: PDF_WITHOUT_TEXT, type: 'application/pdf' }], 422, /no text/i],
    [
      'a good photo together with a bad one',
      async () => [
        { name: 'ok.jpg', data: await makeJpeg() },
        { name: 'bad.jpg', data: Buffer.from('not really') },
      ],
      415,
      /unsupported/i,
    ],
  ];

  it.each(cases)('refuses %s with a clear 4xx', async (_label, build, status, message) => {
    const { payload, headers } = toMultipart(await build());
    const res = await callRoute(t.app, receiptJobsApi.upload, { headers: { ...headers, ...asUser(user) }, body: payload });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.error().message).toMatch(message);
    expect(listStoredFiles()).toEqual([]);
    expect(await countJobs(user)).toBe(0);
  });

  it('refuses blank pasted text and anonymous uploads', async () => {
    const blank = await callRoute(t.app, receiptJobsApi.upload, { headers: asUser(user), body: { text: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.error().message).toBe('Paste the receipt text');
    const anonymous = await callRoute(t.app, receiptJobsApi.upload, { body: { text: 'TOTAL 1.00' } });
    expect(anonymous.statusCode).toBe(401);
    expect(await countJobs(user)).toBe(0);
  });
});

describe('receipt uploads that work', () => {
  it('reads a PDF e-receipt by its text layer and keeps the PDF as the receipt original', async () => {
    const owner = await createUser(t.app);
    const pdf = makeTextPdf(['GREEN GROCER', '10/05/2026 09:30', 'APPLES        2.50', 'PEARS         1.75', 'TOTAL         4.25']);
    // Named .txt on purpose: the type comes from the content.
    const { payload, headers } = toMultipart([{ name: 'order-1234.txt', data: pdf, type: 'text/plain' }]);
    const res = await callRoute(t.app, receiptJobsApi.upload, { headers: { ...headers, ...asUser(owner) }, body: payload });
    expect(res.statusCode, res.body).toBe(201);
    const jobId = (res.json() as { jobs: { id: string }[] }).jobs[0]!.id;
    expect(await runReceiptJobsOnce(t.app)).toBe(true);
    const job = ZReceiptJob.parse(
      (await callRoute(t.app, receiptJobsApi.detail, { params: { id: jobId }, headers: asUser(owner) })).json(),
    );
    expect(job).toMatchObject({ status: 'ready', kind: 'pdf', hasImage: true });
    expect(job.draft?.items.map((item) => [item.name, item.price])).toEqual([
      ['APPLES', 2.5],
      ['PEARS', 1.75],
    ]);
    const saved = await callRoute(t.app, receiptJobsApi.save, {
      params: { id: jobId },
      headers: asUser(owner),
      body: {
        storeName: 'Green Grocer',
        date: '2026-10-05',
        items: [
          { name: 'Apples', price: 2.5 },
          { name: 'Pears', price: 1.75 },
        ],
        total: 4.25,
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const receipt = ZReceipt.parse(saved.json());
    expect(receipt).toMatchObject({ source: 'upload', hasImage: true, imageType: 'pdf', total: 4.25 });
    const original = await callRoute(t.app, receiptsApi.image, { params: { id: receipt.id }, headers: asUser(owner) });
    expect(original.headers['content-type']).toBe('application/pdf');
    // Deleting the receipt removes its stored original.
    expect((await callRoute(t.app, receiptsApi.remove, { params: { id: receipt.id }, headers: asUser(owner) })).statusCode).toBe(204);
    expect(fs.existsSync(path.join(t.app.config.dataDir, 'uploads', 'receipts', owner.id, `${jobId}.pdf`))).toBe(false);
  });

  it('stores a photo under the data dir without its EXIF metadata and queues a job', async () => {
    const owner = await createUser(t.app);
    const original = await makeJpeg({ withExif: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { payload, headers } = toMultipart([{ name: 'IMG_0001.jpg', data: original }]);
    const res = await callRoute(t.app, receiptJobsApi.upload, { headers: { ...headers, ...asUser(owner) }, body: payload });
    expect(res.statusCode, res.body).toBe(201);
    const jobId = (res.json() as { jobs: { id: string; status: string }[] }).jobs[0]!.id;
    const row = await t.app.db.selectFrom('receipt_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'queued',
      kind: 'image',
      file_name: 'IMG_0001.jpg',
      file_key: `receipts/${owner.id}/${jobId}.jpg`,
    });
    const stored = fs.readFileSync(path.join(t.app.config.dataDir, 'uploads', row.file_key!));
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-location'))).toBe(false);

    const image = await callRoute(t.app, receiptJobsApi.image, { params: { id: jobId }, headers: asUser(owner) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await callRoute(t.app, receiptJobsApi.image, { params: { id: jobId }, headers: asUser(user) })).statusCode).toBe(404);

    // Discarding removes the row and the file.
    expect((await callRoute(t.app, receiptJobsApi.discard, { params: { id: jobId }, headers: asUser(owner) })).statusCode).toBe(204);
    expect(fs.existsSync(path.join(t.app.config.dataDir, 'uploads', row.file_key!))).toBe(false);
  });

  it('stores only the first image of a photo: no MPF second image, nothing after its end', async () => {
    const owner = await createUser(t.app);
    const { payload, headers } = toMultipart([{ name: 'phone.jpg', data: await makeMultiPictureJpeg() }]);
    const res = await callRoute(t.app, receiptJobsApi.upload, { headers: { ...headers, ...asUser(owner) }, body: payload });
    expect(res.statusCode, res.body).toBe(201);
    const jobId = (res.json() as { jobs: { id: string }[] }).jobs[0]!.id;
    const stored = await readStored(jobId);
    for (const secret of ['secret-mpf-gps', 'secret-mpf-index', 'secret-trailer', 'GPS 43.07'])
      expect(stored.includes(Buffer.from(secret))).toBe(false);
    expect(stored.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect((await callRoute(t.app, receiptJobsApi.discard, { params: { id: jobId }, headers: asUser(owner) })).statusCode).toBe(204);
  });

  it('keeps the pixels of an upright photo as uploaded, and turns a sideways one upright', async () => {
    const owner = await createUser(t.app);
    // Noise, so that any re-encoding would change pixels.
    const noise = Buffer.from(Array.from({ length: 120 * 90 * 3 }, (_, index) => (index * 7919) % 251));
    const upright = await sharp(noise, { raw: { width: 120, height: 90, channels: 3 } })
      .jpeg({ quality: 75 })
      .withExif({ IFD0: { Copyright: 'secret-location' } })
      .toBuffer();
    const sideways = await sharp(noise, { raw: { width: 120, height: 90, channels: 3 } })
      .jpeg({ quality: 75 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { payload, headers } = toMultipart([
      { name: 'upright.jpg', data: upright },
      { name: 'sideways.jpg', data: sideways },
    ]);
    const res = await callRoute(t.app, receiptJobsApi.upload, { headers: { ...headers, ...asUser(owner) }, body: payload });
    expect(res.statusCode, res.body).toBe(201);
    const [first, second] = (res.json() as { jobs: { id: string }[] }).jobs;
    const storedUpright = await readStored(first!.id);
    expect((await sharp(storedUpright).metadata()).exif).toBeUndefined();
    expect(await sharp(storedUpright).raw().toBuffer()).toEqual(await sharp(upright).raw().toBuffer());
    const storedSideways = await sharp(await readStored(second!.id)).metadata();
    expect(storedSideways).toMatchObject({ width: 90, height: 120 });
    expect(storedSideways.orientation ?? 1).toBe(1);
    // Discarded, so later tests find no queued work of this one.
    for (const job of [first!, second!])
      expect((await callRoute(t.app, receiptJobsApi.discard, { params: { id: job.id }, headers: asUser(owner) })).statusCode).toBe(204);
  });

  it('shrinks a photo wider than 3000 px, but keeps a long receipt at its length', async () => {
    const owner = await createUser(t.app);
    const make = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#f4f1ea' } })
        .jpeg()
        .toBuffer();
    const { payload, headers } = toMultipart([
      { name: 'wide.jpg', data: await make(3600, 400) },
      { name: 'long.jpg', data: await make(400, 3600) },
    ]);
    const res = await callRoute(t.app, receiptJobsApi.upload, { headers: { ...headers, ...asUser(owner) }, body: payload });
    expect(res.statusCode, res.body).toBe(201);
    const jobs = (res.json() as { jobs: { id: string }[] }).jobs;
    const sizes = [];
    for (const job of jobs) {
      const { width, height } = await sharp(await readStored(job.id)).metadata();
      sizes.push([width, height]);
      expect((await callRoute(t.app, receiptJobsApi.discard, { params: { id: job.id }, headers: asUser(owner) })).statusCode).toBe(204);
    }
    expect(sizes).toEqual([
      [3000, 333],
      [400, 3600],
    ]);
  });

  it('reads pasted text into a reviewable draft and saves the reviewed receipt once', async () => {
    const owner = await createUser(t.app);
    const text = [
      'CORNER MARKET',
      '123 MAIN ST',
      '10/02/2026 14:05',
      'BANANAS            1.29',
      'OAT MILK 1L        3.49',
      'SUBTOTAL           4.78',
      'TAX                0.38',
      'TOTAL              5.16',
      'VISA               5.16',
    ].join('\n');
    const res = await callRoute(t.app, receiptJobsApi.upload, { headers: asUser(owner), body: { text } });
    expect(res.statusCode, res.body).toBe(201);
    const jobId = (res.json() as { jobs: { id: string }[] }).jobs[0]!.id;
    expect(await runReceiptJobsOnce(t.app)).toBe(true);
    expect(await runReceiptJobsOnce(t.app)).toBe(false);

    const jobs = ZReceiptJobList.parse((await callRoute(t.app, receiptJobsApi.list, { headers: asUser(owner) })).json());
    expect(jobs.jobs.map((job) => job.id)).toEqual([jobId]);
    const job = ZReceiptJob.parse(
      (await callRoute(t.app, receiptJobsApi.detail, { params: { id: jobId }, headers: asUser(owner) })).json(),
    );
    expect(job).toMatchObject({ status: 'ready', progress: 1, kind: 'text', attempts: 1 });
    const draft = job.draft!;
    expect(draft.total.value).toBe(5.16);
    expect(draft.items.map((item) => item.price)).toEqual([1.29, 3.49]);
    expect(draft.consistency.isConsistent).toBe(true);
    expect((await callRoute(t.app, receiptJobsApi.detail, { params: { id: jobId }, headers: asUser(user) })).statusCode).toBe(404);

    const body = {
      storeName: draft.storeName.value ?? 'Corner Market',
      date: draft.date.value ?? '2026-10-02',
      items: draft.items.map((item) => ({ name: item.name, quantity: item.quantity, price: item.price, productId: item.productId })),
      tax: draft.tax.value,
      total: draft.total.value!,
    };
    const saved = await callRoute(t.app, receiptJobsApi.save, { params: { id: jobId }, headers: asUser(owner), body: body });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(ZReceipt.parse(saved.json())).toMatchObject({ total: 5.16, source: 'text', date: '2026-10-02' });
    const again = await callRoute(t.app, receiptJobsApi.save, { params: { id: jobId }, headers: asUser(owner), body: body });
    expect(again.statusCode).toBe(409);
    const open = ZReceiptJobList.parse((await callRoute(t.app, receiptJobsApi.list, { headers: asUser(owner) })).json());
    expect(open.jobs).toHaveLength(0);
  });
});

describe('operator settings for uploads', () => {
  async function uploadFiles(owner: TestUser, parts: Part[]) {
    const { payload, headers } = toMultipart(parts);
    return callRoute(t.app, receiptJobsApi.upload, { headers: { ...headers, ...asUser(owner) }, body: payload });
  }

  it('takes the size limit from max_receipt_upload_mb and names it when refusing', async () => {
    const operator = await createAdmin(t.app);
    const owner = await createUser(t.app);
    await setSetting(t.app, operator, 'max_receipt_upload_mb', '1');
    try {
      const big = await uploadFiles(owner, [{ name: 'big.jpg', data: Buffer.alloc(1024 * 1024 + 1, 0xff) }]);
      expect(big.statusCode).toBe(413);
      expect(big.error()).toEqual({ error: 'file_too_large', message: 'The file is larger than the 1 MB upload limit.' });
      expect(await countJobs(owner)).toBe(0);
      expect((await uploadFiles(owner, [{ name: 'small.jpg', data: await makeJpeg() }])).statusCode).toBe(201);
      // Raised above the old fixed 15 MB: a 16 MB file gets past the size check (and is then judged by its content).
      await setSetting(t.app, operator, 'max_receipt_upload_mb', '20');
      const sixteen = await uploadFiles(owner, [{ name: 'huge.jpg', data: Buffer.alloc(16 * 1024 * 1024, 0xff) }]);
      expect(sixteen.statusCode, sixteen.body).toBe(415);
    } finally {
      await setSetting(t.app, operator, 'max_receipt_upload_mb', '15');
    }
    const discarded = await t.app.db.selectFrom('receipt_jobs').select('id').where('user_id', '=', owner.id).execute();
    for (const job of discarded) await callRoute(t.app, receiptJobsApi.discard, { params: { id: job.id }, headers: asUser(owner) });
  });

  it('keeps the upload but leaves the fields for the shopper while receipt_ocr is off; pasted text is still read', async () => {
    const operator = await createAdmin(t.app);
    const owner = await createUser(t.app);
    await setFeature(t.app, operator, 'receipt_ocr', false);
    try {
      const pdf = makeTextPdf(['GREEN GROCER', '10/05/2026 09:30', 'APPLES        2.50', 'TOTAL         2.50']);
      const uploaded = await uploadFiles(owner, [{ name: 'order.pdf', data: pdf, type: 'application/pdf' }]);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const pasted = await callRoute(t.app, receiptJobsApi.upload, {
        headers: asUser(owner),
        body: { text: 'CORNER MARKET\nBANANAS 1.29\nTOTAL 1.29' },
      });
      expect(pasted.statusCode).toBe(201);
      while (await runReceiptJobsOnce(t.app));

      const jobs = ZReceiptJobList.parse((await callRoute(t.app, receiptJobsApi.list, { headers: asUser(owner) })).json()).jobs;
      const fromPdf = jobs.find((job) => job.kind === 'pdf')!;
      const fromText = jobs.find((job) => job.kind === 'text')!;
      expect(fromPdf).toMatchObject({ status: 'ready', hasImage: true, error: null, isManualEntry: true });
      expect(fromText.isManualEntry).toBe(false);
      expect(fromPdf.draft).toMatchObject({
        notice: expect.stringMatching(/Automatic reading is turned off/),
        items: [],
        rawText: '',
        total: { value: null },
      });
      expect(fromPdf.draft?.storeName.value).toBeNull();
      // The notice is said once: the consistency check is the one any blank receipt gets.
      expect(fromPdf.draft?.consistency).toEqual({
        itemsTotal: 0,
        discountTotal: 0,
        tax: 0,
        expectedTotal: 0,
        total: null,
        difference: null,
        isConsistent: false,
        message: 'No total found on the receipt.',
      });
      // Left blank, the draft still carries the shopper's locale and its currency, as a read one would.
      expect(fromPdf.draft).toMatchObject({ locale: fromText.draft?.locale, currency: fromText.draft?.currency });
      const original = await callRoute(t.app, receiptJobsApi.image, { params: { id: fromPdf.id }, headers: asUser(owner) });
      expect(original.headers['content-type']).toBe('application/pdf');
      expect(fromText.draft?.notice).toBeUndefined();
      expect(fromText.draft?.total.value).toBe(1.29);
      const alerts = await t.app.db.selectFrom('notifications').select('title').where('user_id', '=', owner.id).orderBy('title').execute();
      expect(alerts.map((a) => a.title)).toEqual(['Receipt ready to fill in', 'Receipt ready to review']);

      // Typed in by hand, it saves like any other upload and keeps the PDF as the original.
      const payload = { storeName: 'Green Grocer', date: '2026-10-05', items: [{ name: 'Apples', price: 2.5 }], total: 2.5 };
      const saved = await callRoute(t.app, receiptJobsApi.save, { params: { id: fromPdf.id }, headers: asUser(owner), body: payload });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(ZReceipt.parse(saved.json())).toMatchObject({ hasImage: true, imageType: 'pdf', total: 2.5 });
    } finally {
      await setFeature(t.app, operator, 'receipt_ocr', true);
    }
  });
});
