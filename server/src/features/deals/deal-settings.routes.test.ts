import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZDealList, dealsApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { setFeature, setSetting } from '../../test/operator-settings';
import { runDealDigest } from './deal-alerts';
import { createApprovedDeal, createReceipt, createStore, submitDeal } from './deals-test-helpers';
import { callRoute } from '../../test/call-route';

// The operator's deal flags and limits (admin Features and Settings pages) as shoppers meet them.
const t = registerTestApp();
let admin: TestUser;
let storeId: string;

beforeAll(async () => {
  admin = await createAdmin(t.app);
  storeId = await createStore(t.app, 'Aldi High Street', 'Aldi');
});

const valid = (title = 'Organic bananas') => ({ title, description: 'Yellow tag, aisle 3', price: 1.49, storeId });

async function countDealsBy(user: TestUser): Promise<number> {
  return (await t.app.db.selectFrom('deals').select('id').where('submitted_by', '=', user.id).execute()).length;
}

describe('deal_submissions flag', () => {
  it('refuses submissions with a clear 403 while off, stores nothing, keeps listed deals, and accepts again once on', async () => {
    const listedId = await createApprovedDeal(t.app, await createUser(t.app), admin, valid('Listed before the switch'));
    const shopper = await createUser(t.app);
    await setFeature(t.app, admin, 'deal_submissions', false);
    try {
      const refused = await submitDeal(t.app, shopper, valid());
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: 'feature_disabled',
        message: expect.stringMatching(/^Deal submissions are turned off for now/),
      });
      // Even an incomplete form hears that submissions are off, not which field is missing.
      expect((await submitDeal(t.app, shopper, { title: 'Half a deal' })).statusCode).toBe(403);
      expect(await countDealsBy(shopper)).toBe(0);

      const listed = await callRoute(t.app, dealsApi.list, { headers: asUser(shopper) });
      expect(listed.statusCode).toBe(200);
      expect(ZDealList.parse(listed.json()).items.map((d) => d.id)).toContain(listedId);
    } finally {
      await setFeature(t.app, admin, 'deal_submissions', true);
    }
    expect((await submitDeal(t.app, shopper, valid())).statusCode).toBe(201);
    expect(await countDealsBy(shopper)).toBe(1);
  });
});

describe('deal_submission_rate_limit setting', () => {
  it('allows 10 submissions a day by default and says so when refusing the 11th', async () => {
    const busy = await createUser(t.app);
    for (let i = 0; i < 10; i += 1) expect((await submitDeal(t.app, busy, valid(`Item ${i}`))).statusCode).toBe(201);
    const res = await submitDeal(t.app, busy, valid('One too many'));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: 'rate_limited', message: 'You can submit up to 10 deals a day. Please try again later.' });
    expect(await countDealsBy(busy)).toBe(10);
  });

  it('enforces the operator limit per shopper over a rolling day', async () => {
    await setSetting(t.app, admin, 'deal_submission_rate_limit', '2');
    try {
      const first = await createUser(t.app);
      const second = await createUser(t.app);
      expect((await submitDeal(t.app, first, valid('Eggs'))).statusCode).toBe(201);
      expect((await submitDeal(t.app, first, valid('Flour'))).statusCode).toBe(201);
      const refused = await submitDeal(t.app, first, valid('Sugar'));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('You can submit up to 2 deals a day. Please try again later.');
      expect(await countDealsBy(first)).toBe(2);
      // The limit is per shopper: someone else still has their own two.
      expect((await submitDeal(t.app, second, valid('Salt'))).statusCode).toBe(201);

      // 23 hours later both still count; once one is more than a day old, a slot opens again.
      const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
      await t.app.db
        .updateTable('deals')
        .set({ created_at: hoursAgo(23) })
        .where('submitted_by', '=', first.id)
        .execute();
      expect((await submitDeal(t.app, first, valid('Sugar'))).statusCode).toBe(429);
      await t.app.db
        .updateTable('deals')
        .set({ created_at: hoursAgo(25) })
        .where('submitted_by', '=', first.id)
        .where('title', '=', 'Eggs')
        .execute();
      expect((await submitDeal(t.app, first, valid('Sugar'))).statusCode).toBe(201);
      expect((await submitDeal(t.app, first, valid('Yeast'))).statusCode).toBe(429);
    } finally {
      await setSetting(t.app, admin, 'deal_submission_rate_limit', '10');
    }
  });
});

describe('deal_submission_rate_limit under concurrent submissions', () => {
  // Each submission carries a shelf-tag photo: re-encoding it is real asynchronous work, so the requests overlap
  // between the limit check and the insert, as they do when a shopper's phone retries or double-taps.
  function formWithPhoto(title: string, photo: Buffer, store: { storeId: string } | { storeName: string }) {
    const form = new FormData();
    for (const [key, value] of Object.entries({ title, description: 'Tag', price: '2.49', ...store })) form.append(key, value);
    form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'tag.jpg');
    return form;
  }

  /** A new shopper sends `count` deals at once under a daily limit of `limit`; the setting is restored after. */
  async function submitBurst(limit: number, count: number, store: (i: number) => { storeId: string } | { storeName: string }) {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    await setSetting(t.app, admin, 'deal_submission_rate_limit', String(limit));
    try {
      const eager = await createUser(t.app);
      const responses = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          callRoute(t.app, dealsApi.create, { headers: asUser(eager), body: formWithPhoto(`Burst ${i}`, photo, store(i)) }),
        ),
      );
      return { eager, responses };
    } finally {
      await setSetting(t.app, admin, 'deal_submission_rate_limit', '10');
    }
  }

  it('lets exactly the limit through when a shopper submits several deals at the same moment', async () => {
    const { eager, responses } = await submitBurst(3, 8, () => ({ storeId }));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    for (const refused of responses.filter((r) => r.statusCode === 429)) {
      expect(refused.error()).toEqual({ error: 'rate_limited', message: 'You can submit up to 3 deals a day. Please try again later.' });
    }
    expect(await countDealsBy(eager)).toBe(3);
    // A refused submission keeps no photo behind.
    const photoKeys = (await t.app.db.selectFrom('deals').select('photo_key').where('submitted_by', '=', eager.id).execute()).map((d) =>
      path.basename(d.photo_key ?? ''),
    );
    const stored = fs.readdirSync(path.join(t.app.config.dataDir, 'uploads', 'deals'));
    expect(stored.sort()).toEqual(photoKeys.sort());
  });

  it('creates no store for a typed store name when the submission is refused', async () => {
    const { eager, responses } = await submitBurst(2, 6, (i) => ({ storeName: `Corner Shop ${i}` }));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const stores = await t.app.db.selectFrom('store_locations').select('name').where('created_by', '=', eager.id).execute();
    expect(stores).toHaveLength(2);
  });
});

describe('deal_alert_emails flag', () => {
  it('sends no digest while off and keeps the alerts, which go out once it is back on', async () => {
    const buyer = await createUser(t.app);
    await createReceipt(t.app, buyer.id, [{ name: 'HAZELNUT SPREAD' }]);
    await setFeature(t.app, admin, 'deal_alert_emails', false);
    const dealId = await createApprovedDeal(t.app, await createUser(t.app), admin, { ...valid('Hazelnut spread 400g'), price: 2.99 });
    const mailsTo = async () =>
      (await t.app.db.selectFrom('outbox_messages').select('body').where('recipient', '=', buyer.email).execute()).map((m) => m.body);
    const unsent = async () =>
      (await t.app.db.selectFrom('deal_alerts').select('id').where('user_id', '=', buyer.id).where('emailed_at', 'is', null).execute())
        .length;
    try {
      // The in-app alert is still raised: the flag is about email only.
      const inApp = await t.app.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', buyer.id)
        .where('link', '=', `/u/deals/${dealId}`)
        .execute();
      expect(inApp).toHaveLength(1);
      expect(await runDealDigest(t.app)).toEqual({ emailed: 0, skipped: 0 });
      expect(await mailsTo()).toEqual([]);
      expect(await unsent()).toBe(1);
    } finally {
      await setFeature(t.app, admin, 'deal_alert_emails', true);
    }
    const result = await runDealDigest(t.app);
    expect(result.emailed).toBeGreaterThanOrEqual(1);
    expect(await mailsTo()).toEqual([expect.stringContaining('Hazelnut spread 400g')]);
    expect(await unsent()).toBe(0);
  });
});
