import { dealsApi, receiptJobsApi } from '@cartwise/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readObjectStorage } from '../config';
import { createTestApp } from '../test/test-app';
import { asUser, createUser } from '../test/factories';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { toMultipart } from '../features/receipts/receipt-test-helpers';
import { createLocalFileStore, createS3FileStore, FileNotFoundError, type FileStore } from './file-store';
import { callRoute } from '../test/call-route';

let s3: TestS3Server;
const tempDirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function makeTempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-files-'));
  tempDirs.push(dir);
  return dir;
}

const stores: [string, () => FileStore][] = [
  ['the data dir', () => createLocalFileStore(makeTempDir())],
  ['an S3-compatible bucket', () => createS3FileStore({ ...s3.config, prefix: `t-${Math.random().toString(36).slice(2)}` })],
];

describe.each(stores)('file store in %s', (_label, create) => {
  it('puts, reads and deletes files, one folder at a time when asked', async () => {
    const files = create();
    await files.check();
    await files.putFile('receipts/u1/a.jpg', Buffer.from('photo a'), 'image/jpeg');
    await files.putFile('receipts/u1/b.pdf', Buffer.from('pdf b'));
    await files.putFile('receipts/u2/c.jpg', Buffer.from('photo c'));
    expect((await files.readFile('receipts/u1/a.jpg')).toString()).toBe('photo a');
    expect(await files.totalBytes()).toBe(7 + 5 + 7);

    await files.deleteFile('receipts/u1/a.jpg');
    await expect(files.readFile('receipts/u1/a.jpg')).rejects.toBeInstanceOf(FileNotFoundError);
    await files.deleteFile('receipts/u1/a.jpg');

    await files.deleteFolder('receipts/u1');
    await expect(files.readFile('receipts/u1/b.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
    expect((await files.readFile('receipts/u2/c.jpg')).toString()).toBe('photo c');
  });

  it('refuses keys that could leave their folder', async () => {
    const files = create();
    for (const key of ['../secret', 'receipts/../../x', '/etc/passwd', 'a//b', ''])
      await expect(files.putFile(key, Buffer.from('x'))).rejects.toThrow(/unsafe/);
  });
});

describe('an app with object storage', () => {
  it('keeps receipt photos and deal photos in the bucket, not the data dir, and serves them back', async () => {
    const t = await createTestApp({ objectStorage: { ...s3.config, prefix: 'app' } });
    try {
      const user = await createUser(t.app);
      const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#ddeeff' } })
        .jpeg()
        .toBuffer();
      const { payload, headers } = toMultipart([{ name: 'r.jpg', data: photo }]);
      const res = await callRoute(t.app, receiptJobsApi.upload, { headers: { ...headers, ...asUser(user) }, body: payload });
      expect(res.statusCode, res.body).toBe(201);
      const jobId = (res.json() as { jobs: { id: string }[] }).jobs[0]!.id;
      const row = await t.app.db.selectFrom('receipt_jobs').select('file_key').where('id', '=', jobId).executeTakeFirstOrThrow();
      expect(fs.existsSync(path.join(t.app.config.dataDir, 'uploads'))).toBe(false);
      const bucket = createS3FileStore({ ...s3.config, prefix: 'app' });
      expect(await bucket.readFile(row.file_key!)).toEqual(photo);
      const image = await callRoute(t.app, receiptJobsApi.image, { params: { id: jobId }, headers: asUser(user) });
      expect(image.statusCode).toBe(200);
      expect(image.raw.rawPayload).toEqual(photo);

      expect((await callRoute(t.app, receiptJobsApi.discard, { params: { id: jobId }, headers: asUser(user) })).statusCode).toBe(204);
      await expect(bucket.readFile(row.file_key!)).rejects.toBeInstanceOf(FileNotFoundError);

      const form = new FormData();
      for (const [key, value] of Object.entries({ title: 'Tag deal', description: 'Tag', price: '2.49', storeName: 'Corner Shop' }))
        form.append(key, value);
      form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'tag.jpg');
      const deal = await callRoute(t.app, dealsApi.create, { headers: asUser(user), body: form });
      expect(deal.statusCode, deal.body).toBe(201);
      const { id, photoUrl } = deal.json() as { id: string; photoUrl: string };
      expect((await bucket.readFile(`deals/${id}.jpg`)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      const served = await t.app.inject({ method: 'GET', url: photoUrl, headers: asUser(user) });
      expect(served.statusCode, served.body).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(fs.existsSync(path.join(t.app.config.dataDir, 'uploads'))).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('stops at start-up with a clear error when the bucket cannot be reached', async () => {
    await expect(createTestApp({ objectStorage: { ...s3.config, bucket: 'no-such-bucket' } })).rejects.toThrow(
      /uploaded files cannot be stored in bucket no-such-bucket/,
    );
  });
});

describe('object storage settings', () => {
  it('reads S3_URL for an S3-compatible server and for AWS, or the separate settings', () => {
    expect(readObjectStorage({ S3_URL: 'http://key:se%2Fcret@minio.local:9000/bucket/cartwise?region=eu-west-1' })).toEqual({
      endpoint: 'http://minio.local:9000',
      bucket: 'bucket',
      region: 'eu-west-1',
      accessKeyId: 'key',
      secretAccessKey: 'se/cret',
      prefix: 'cartwise',
    });
    expect(readObjectStorage({ S3_URL: 's3://key:secret@my-bucket' })).toMatchObject({ endpoint: null, bucket: 'my-bucket', prefix: '' });
    expect(
      readObjectStorage({ S3_BUCKET: 'b', S3_ENDPOINT: 'https://r2.example', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }),
    ).toMatchObject({ endpoint: 'https://r2.example', bucket: 'b' });
    expect(readObjectStorage({})).toBeNull();
  });

  it('refuses incomplete settings with a message naming what is missing', () => {
    expect(() => readObjectStorage({ S3_URL: 'http://minio.local/bucket' })).toThrow(ConfigError);
    expect(() => readObjectStorage({ S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => readObjectStorage({ S3_ENDPOINT: 'https://x' })).toThrow(/S3_BUCKET/);
  });
});
