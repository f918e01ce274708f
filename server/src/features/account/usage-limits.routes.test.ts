import { receiptJobsApi, dealsApi, accountApi } from '@cartwise/contracts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { setSetting } from '../../test/operator-settings';
import { toMultipart } from '../receipts/receipt-test-helpers';
import { CLIENT_LOG_RATE_LIMIT } from './account.routes';
import { MAX_STREAMS_PER_USER } from './realtime.routes';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();
let operator: TestUser;
let photo: Buffer;

beforeAll(async () => {
  operator = await createAdmin(t.app);
  photo = await sharp({ create: { width: 200, height: 260, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();
});

describe('anonymous client logs', () => {
  const log = (remoteAddress: string, message = 'boom') =>
    callRoute(t.app, accountApi.clientLog, { remoteAddress, body: { level: 'error', message, path: '/u' } });

  it('are limited per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= CLIENT_LOG_RATE_LIMIT.max; i += 1) codes.push((await log('10.6.0.1')).statusCode);
    expect(codes.slice(0, CLIENT_LOG_RATE_LIMIT.max).every((code) => code === 204)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    expect((await log('10.6.0.2')).statusCode).toBe(204);
  });

  it('refuse a body over the size cap', async () => {
    const res = await callRoute(t.app, accountApi.clientLog, {
      remoteAddress: '10.6.1.1',
      body: { level: 'info', message: 'x'.repeat(1000), path: '/'.repeat(20_000) },
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('photo uploads per shopper', () => {
  const uploadReceipts = (user: TestUser, count: number) => {
    const { payload, headers } = toMultipart(Array.from({ length: count }, (_, i) => ({ name: `r${i}.jpg`, data: photo })));
    return callRoute(t.app, receiptJobsApi.upload, { headers: { ...asUser(user), ...headers }, body: payload });
  };
  const submitDealWithPhoto = (user: TestUser) => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ title: 'Milk', description: 'Tag', price: '2.49', storeName: 'Corner Shop' }))
      form.append(key, value);
    form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'tag.jpg');
    return callRoute(t.app, dealsApi.create, { headers: asUser(user), body: form });
  };

  it("follow the operator's hourly setting across receipts and deals, per shopper", async () => {
    await setSetting(t.app, operator, 'photo_uploads_per_hour', '3');
    const busy = await createUser(t.app);
    expect((await uploadReceipts(busy, 2)).statusCode).toBe(201);
    expect((await submitDealWithPhoto(busy)).statusCode).toBe(201);
    const refused = await uploadReceipts(busy, 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.error()).toEqual({
      error: 'rate_limited',
      message: expect.stringMatching(/^You can upload 3 photos an hour\. Try again in \d+ minutes?\.$/),
    });
    expect((await submitDealWithPhoto(busy)).statusCode).toBe(429);
    const jobs = await t.app.db.selectFrom('receipt_jobs').select('id').where('user_id', '=', busy.id).execute();
    expect(jobs).toHaveLength(2);
    // Pasted text costs no photo work, and another shopper has their own allowance.
    const pasted = await callRoute(t.app, receiptJobsApi.upload, {
      headers: asUser(busy),
      body: { text: 'CORNER SHOP\nMILK 2.49\nTOTAL 2.49' },
    });
    expect(pasted.statusCode).toBe(201);
    expect((await uploadReceipts(await createUser(t.app), 3)).statusCode).toBe(201);
  });
});

describe('live-update streams', () => {
  it(`are capped at ${MAX_STREAMS_PER_USER} open per shopper; a closed one frees its place`, async () => {
    const shopper = await createUser(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const open = (user: TestUser) =>
      new Promise<http.ClientRequest & { status?: number }>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path: '/api/realtime', headers: { cookie: user.cookie } }, (response) => {
          Object.assign(request, { status: response.statusCode });
          response.resume();
          resolve(request);
        });
        request.on('error', reject);
      });
    const streams = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_USER; i += 1) streams.push(await open(shopper));
      expect(streams.map((stream) => stream.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
      const extra = await open(shopper);
      streams.push(extra);
      expect(extra.status).toBe(429);
      const other = await open(await createUser(t.app));
      streams.push(other);
      expect(other.status).toBe(200);

      streams[0]!.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await open(shopper);
      streams.push(again);
      expect(again.status).toBe(200);
    } finally {
      for (const stream of streams) stream.destroy();
    }
  });
});
