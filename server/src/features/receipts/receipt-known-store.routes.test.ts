import { describe, expect, it } from 'vitest';
import { ZReceipt, ZReceiptJob } from '@cartwise/shared';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { runReceiptJobsOnce } from './receipt-worker';

// A misread store name on the review is matched to the store Cartwise already has, so its price history stays one.
const t = registerTestApp();

async function readPastedReceipt(owner: TestUser, header: string) {
  const text = [header, '10/02/2026 14:05', 'BANANAS            1.29', 'OAT MILK 1L        3.49', 'TOTAL              4.78'].join('\n');
  const res = await t.app.inject({ method: 'POST', url: '/api/receipts/uploads', headers: asUser(owner), payload: { text } });
  expect(res.statusCode, res.body).toBe(201);
  const jobId = (res.json() as { jobs: { id: string }[] }).jobs[0]!.id;
  expect(await runReceiptJobsOnce(t.app)).toBe(true);
  const job = ZReceiptJob.parse((await t.app.inject({ method: 'GET', url: `/api/receipt-jobs/${jobId}`, headers: asUser(owner) })).json());
  return { jobId, draft: job.draft! };
}

async function saveManualReceipt(owner: TestUser, storeName: string) {
  const res = await t.app.inject({
    method: 'POST', url: '/api/receipts', headers: asUser(owner),
    payload: { storeName, date: '2026-10-01', items: [{ name: 'BANANAS', quantity: 1, price: 1.19 }], total: 1.19 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZReceipt.parse(res.json());
}

describe('the review matches a misread store name to a known store', () => {
  it('offers the known store, says what was read, and the saved receipt joins that store', async () => {
    const first = await saveManualReceipt(await createUser(t.app), 'CORNER MARKET');
    const shopper = await createUser(t.app);
    const { jobId, draft } = await readPastedReceipt(shopper, 'CORNER MARKFT');
    expect(draft.storeName.value).toBe('CORNER MARKET');
    expect(draft.knownStore).toEqual({ id: first.storeId, name: 'CORNER MARKET', readAs: 'CORNER MARKFT' });

    const saved = await t.app.inject({
      method: 'POST', url: `/api/receipt-jobs/${jobId}/save`, headers: asUser(shopper),
      payload: { storeName: draft.storeName.value, date: draft.date.value, items: draft.items.map(({ name, quantity, price }) => ({ name, quantity, price })), total: draft.total.value },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(ZReceipt.parse(saved.json()).storeId).toBe(first.storeId);
    const misread = await t.app.db.selectFrom('store_locations').select('id').where('name', '=', 'CORNER MARKFT').execute();
    expect(misread).toEqual([]);
  });

  it('keeps the name as read when no known store is close', async () => {
    await saveManualReceipt(await createUser(t.app), 'CORNER MARKET');
    const { draft } = await readPastedReceipt(await createUser(t.app), 'MAPLE LEAF FOODS');
    expect(draft.storeName.value).toBe('MAPLE LEAF FOODS');
    expect(draft.knownStore).toBeUndefined();
  });
});
