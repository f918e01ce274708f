import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZModerationDeal, ZModerationQueue, moderationApi, dealsApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { createStore, submitDeal } from '../deals/deals-test-helpers';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();
let admin: TestUser;
let storeId: string;

beforeAll(async () => {
  admin = await createAdmin(t.app);
  storeId = await createStore(t.app, 'Tesco Riverside', 'Tesco');
});

async function submitPending(title = 'Free-range eggs') {
  const submitter = await createUser(t.app);
  const res = await submitDeal(t.app, submitter, { title, description: 'Shelf tag', price: 2.2, originalPrice: 3, storeId });
  expect(res.statusCode).toBe(201);
  return { submitter, id: res.json().id as string };
}

describe('moderation access', () => {
  it('answers 401 to anonymous callers and 403 to shoppers on every moderation route', async () => {
    const { id } = await submitPending();
    const shopper = await createUser(t.app);
    type Headers = { cookie?: string };
    const calls: [string, (headers: Headers) => Promise<{ statusCode: number }>][] = [
      ['the queue', (headers) => callRoute(t.app, moderationApi.deals, { headers })],
      ['approve', (headers) => callRoute(t.app, moderationApi.approveDeal, { params: { id }, headers })],
      ['reject', (headers) => callRoute(t.app, moderationApi.rejectDeal, { params: { id }, headers, body: { reason: 'x' } })],
      ['edit', (headers) => callRoute(t.app, moderationApi.updateDeal, { params: { id }, headers, body: { title: 'x' } })],
      ['bulk', (headers) => callRoute(t.app, moderationApi.bulk, { headers, body: { ids: [id], action: 'approve' } })],
    ];
    for (const [name, call] of calls) {
      expect((await call({})).statusCode, name).toBe(401);
      expect((await call(asUser(shopper))).statusCode, name).toBe(403);
    }
    const row = await t.app.db.selectFrom('deals').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });
});

describe('moderation decisions', () => {
  it('lists the pending queue with submitter and duplicate flag', async () => {
    const { id, submitter } = await submitPending('Queue item');
    const res = await callRoute(t.app, moderationApi.deals, { headers: asUser(admin) });
    expect(res.statusCode).toBe(200);
    const item = ZModerationQueue.parse(res.json()).items.find((d) => d.id === id);
    expect(item).toMatchObject({ status: 'pending', submitterEmail: submitter.email.toLowerCase(), isPossibleDuplicate: false });
  });

  it('rejects with a reason, tells the submitter, records the audit and shows the reason to the submitter', async () => {
    const { id, submitter } = await submitPending('Blurry tag');
    const empty = await callRoute(t.app, moderationApi.rejectDeal, { params: { id }, headers: asUser(admin), body: { reason: ' ' } });
    expect(empty.statusCode).toBe(400);
    const res = await callRoute(t.app, moderationApi.rejectDeal, {
      params: { id },
      headers: asUser(admin),
      body: { reason: 'Price not readable' },
    });
    expect(res.statusCode).toBe(200);
    expect(ZModerationDeal.parse(res.json())).toMatchObject({ status: 'rejected', rejectionReason: 'Price not readable' });
    const note = await t.app.db.selectFrom('notifications').selectAll().where('user_id', '=', submitter.id).executeTakeFirstOrThrow();
    expect(note).toMatchObject({ kind: 'deal_rejected' });
    expect(note.body).toContain('Price not readable');
    const audit = await t.app.db.selectFrom('audit_log').selectAll().where('target_id', '=', id).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: admin.id, action: 'deal.reject', target_type: 'deal' });
    expect(audit.created_at).toMatch(/^\d{4}-/);
    const mine = await callRoute(t.app, dealsApi.list, { headers: asUser(submitter) });
    expect(mine.json().mySubmissions[0]).toMatchObject({ id, status: 'rejected', rejectionReason: 'Price not readable' });
  });

  it('edits a pending deal before approving it, and records both decisions', async () => {
    const { id, submitter } = await submitPending('Egs free rnge');
    const bad = await callRoute(t.app, moderationApi.updateDeal, { params: { id }, headers: asUser(admin), body: { price: 5 } });
    expect(bad.statusCode).toBe(400);
    const edit = await callRoute(t.app, moderationApi.updateDeal, {
      params: { id },
      headers: asUser(admin),
      body: { title: 'Free-range eggs 12 pack', price: 2.1 },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ productName: 'Free-range eggs 12 pack', salePrice: 2.1, percentOff: 30 });
    const ok = await callRoute(t.app, moderationApi.approveDeal, { params: { id }, headers: asUser(admin) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('approved');
    const actions = await t.app.db.selectFrom('audit_log').select('action').where('target_id', '=', id).orderBy('created_at').execute();
    expect(actions.map((a) => a.action)).toEqual(['deal.edit', 'deal.approve']);
    const note = await t.app.db.selectFrom('notifications').select('kind').where('user_id', '=', submitter.id).executeTakeFirstOrThrow();
    expect(note.kind).toBe('deal_approved');
    const afterEdit = await callRoute(t.app, moderationApi.updateDeal, { params: { id }, headers: asUser(admin), body: { title: 'Late' } });
    expect(afterEdit.statusCode).toBe(409);
  });

  it('approves and rejects in bulk, skipping deals already decided', async () => {
    const a = await submitPending('Bulk A');
    const b = await submitPending('Bulk B');
    const approveBoth = await callRoute(t.app, moderationApi.bulk, {
      headers: asUser(admin),
      body: { ids: [a.id, b.id], action: 'approve' },
    });
    expect(approveBoth.json()).toEqual({ updated: 2, skipped: 0 });
    const c = await submitPending('Bulk C');
    const noReason = await callRoute(t.app, moderationApi.bulk, { headers: asUser(admin), body: { ids: [c.id], action: 'reject' } });
    expect(noReason.statusCode).toBe(400);
    const reject = await callRoute(t.app, moderationApi.bulk, {
      headers: asUser(admin),
      body: { ids: [a.id, c.id], action: 'reject', reason: 'Expired' },
    });
    expect(reject.json()).toEqual({ updated: 1, skipped: 1 });
    const audit = await t.app.db.selectFrom('audit_log').select('action').where('target_id', 'in', [a.id, b.id, c.id]).execute();
    expect(audit).toHaveLength(3);
  });

  it('answers 404 for an unknown deal id and 400 for a malformed one', async () => {
    const unknown = await callRoute(t.app, moderationApi.approveDeal, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      headers: asUser(admin),
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await callRoute(t.app, moderationApi.approveDeal, { params: { id: 'nope' }, headers: asUser(admin) });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('shelf-tag photos', () => {
  function formWith(file: Blob | null, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [key, value] of Object.entries({ title: 'Photo deal', description: 'Tag', price: '3.49', storeId, ...fields }))
      form.append(key, value);
    if (file) form.append('photo', file, 'tag.jpg');
    return form;
  }

  it('stores an uploaded JPEG without EXIF under the data dir and serves it to the moderator', async () => {
    const shopper = await createUser(t.app);
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await callRoute(t.app, dealsApi.create, {
      headers: asUser(shopper),
      body: formWith(new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json();
    expect(deal.photoUrl).toBe(`/api/deals/${deal.id}/photo`);
    const stored = path.join(t.app.config.dataDir, 'uploads', 'deals', `${deal.id}.jpg`);
    expect(fs.existsSync(stored)).toBe(true);
    const meta = await sharp(fs.readFileSync(stored)).metadata();
    expect(meta.exif).toBeUndefined();
    const served = await t.app.inject({ method: 'GET', url: deal.photoUrl!, headers: asUser(admin) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const stranger = await createUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: deal.photoUrl!, headers: asUser(stranger) })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image whatever its name, and validates multipart fields', async () => {
    const shopper = await createUser(t.app);
    const fake = new Blob([new TextEncoder().encode('%PDF-1.7 not an image')], { type: 'image/jpeg' });
    const res = await callRoute(t.app, dealsApi.create, { headers: asUser(shopper), body: formWith(fake) });
    expect(res.statusCode).toBe(400);
    expect(res.error().message).toBe('Photo must be a JPEG, PNG or WebP image');
    const noPrice = await callRoute(t.app, dealsApi.create, { headers: asUser(shopper), body: formWith(null, { price: '' }) });
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.error().message).toBe('Price is required');
  });

  it('refuses a photo over 5 MB with 413', async () => {
    const shopper = await createUser(t.app);
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    big[0] = 0xff;
    big[1] = 0xd8;
    big[2] = 0xff;
    const res = await callRoute(t.app, dealsApi.create, {
      headers: asUser(shopper),
      body: formWith(new Blob([new Uint8Array(big)], { type: 'image/jpeg' })),
    });
    expect(res.statusCode).toBe(413);
    expect(res.error().message).toBe('Photo is larger than 5 MB');
  });
});
