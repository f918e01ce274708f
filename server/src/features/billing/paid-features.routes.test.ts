import { billingApi, dealsApi, exportApi, listsApi, pantryApi, receiptJobsApi, receiptsApi, splitCartApi } from '@cartwise/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { makeTextPdf, toMultipart } from '../receipts/receipt-test-helpers';
import { daysFromNow, registerBillingTestApp, setPlanDates } from './billing-test-helpers';
import { callRoute } from '../../test/call-route';

const t = registerBillingTestApp();

const PDF = makeTextPdf(['CORNER SHOP', 'MILK 1L   2.49', 'TOTAL     2.49']);

describe('after the trial ends without payment', () => {
  let expired: TestUser;
  let onTrial: TestUser;
  let listId: string;
  let photoJobId: string;

  beforeAll(async () => {
    expired = await createUser(t.app);
    onTrial = await createUser(t.app);
    const upload = await uploadPdf(expired);
    expect(upload.statusCode).toBe(201);
    photoJobId = upload.json().jobs[0]!.id;
    const list = await callRoute(t.app, listsApi.create, { headers: asUser(expired), body: { name: 'Weekly' } });
    listId = list.json().id;
    await setPlanDates(t.app, expired.id, { trialEndsAt: daysFromNow(-1) });
  });

  const uploadPdf = (user: TestUser) => {
    const { payload, headers } = toMultipart([{ name: 'r.pdf', data: PDF, type: 'application/pdf' }]);
    return callRoute(t.app, receiptJobsApi.upload, { headers: { ...asUser(user), ...headers }, body: payload });
  };

  const paidCalls = (user: () => TestUser, ids: () => { listId: string; jobId: string }) =>
    [
      ['reading a receipt photo or PDF', () => uploadPdf(user())],
      ['reading a photo again', () => callRoute(t.app, receiptJobsApi.retry, { params: { id: ids().jobId }, headers: asUser(user()) })],
      [
        'a split-cart plan',
        () => callRoute(t.app, splitCartApi.recommendations, { params: { id: ids().listId }, headers: asUser(user()) }),
      ],
      ['deal alerts (deals for you)', () => callRoute(t.app, dealsApi.forYou, { headers: asUser(user()) })],
    ] as const;

  it.each(
    paidCalls(
      () => expired,
      () => ({ listId, jobId: photoJobId }),
    ),
  )('answers 402 with a clear message for %s', async (_name, request) => {
    const res = await request();
    expect(res.statusCode).toBe(402);
    expect(res.error().error).toBe('payment_required');
    expect(res.error().message).toMatch(/^Your free trial has ended\. Subscribe \(\$49\.99 a year\) in Settings > Billing to keep /);
  });

  it('prices the plan in US dollars written the way the shopper reads numbers', async () => {
    const german = await createUser(t.app);
    await t.app.db.updateTable('profiles').set({ currency: 'EUR', locale: 'de-DE' }).where('id', '=', german.id).execute();
    await setPlanDates(t.app, german.id, { trialEndsAt: daysFromNow(-1) });
    const res = await callRoute(t.app, dealsApi.forYou, { headers: asUser(german) });
    expect(res.statusCode).toBe(402);
    expect(res.error().message).toMatch(/^Your free trial has ended\. Subscribe \(49,99\u00a0\$ a year\) in Settings > Billing/);
  });

  it('keeps lists, pantry, manual and pasted receipts, deals browsing, export and billing working', async () => {
    const h = asUser(expired);
    const calls: [string, () => Promise<{ statusCode: number }>][] = [
      ['lists', () => callRoute(t.app, listsApi.list, { headers: h })],
      ['a new list', () => callRoute(t.app, listsApi.create, { headers: h, body: { name: 'Party' } })],
      ['a list item', () => callRoute(t.app, listsApi.addItem, { params: { id: listId }, headers: h, body: { name: 'Milk' } })],
      ['the pantry', () => callRoute(t.app, pantryApi.list, { headers: h })],
      ['a pantry item', () => callRoute(t.app, pantryApi.create, { headers: h, body: { name: 'Rice', qty: 2 } })],
      [
        'a manual receipt',
        () =>
          callRoute(t.app, receiptsApi.create, {
            headers: h,
            body: { storeName: 'Corner Shop', date: '2026-11-20', items: [{ name: 'Milk', quantity: 1, price: 2.49 }], total: 2.49 },
          }),
      ],
      [
        'a pasted receipt',
        () => callRoute(t.app, receiptJobsApi.upload, { headers: h, body: { text: 'CORNER SHOP\nMILK 2.49\nTOTAL 2.49' } }),
      ],
      ['receipts', () => callRoute(t.app, receiptsApi.list, { headers: h })],
      ['deals', () => callRoute(t.app, dealsApi.list, { headers: h })],
      ['the export', () => callRoute(t.app, exportApi.allJson, { headers: h })],
      ['billing', () => callRoute(t.app, billingApi.status, { headers: h })],
      ['checkout', () => callRoute(t.app, billingApi.checkout, { headers: h })],
    ];
    for (const [name, call] of calls) {
      const res = await call();
      expect([name, res.statusCode]).toEqual([name, expect.toSatisfy((s: number) => s >= 200 && s < 300)]);
    }
  });

  it('keeps every paid feature for a shopper still on the trial', async () => {
    const list = await callRoute(t.app, listsApi.create, { headers: asUser(onTrial), body: { name: 'Trial list' } });
    const upload = await uploadPdf(onTrial);
    expect(upload.statusCode).toBe(201);
    for (const request of paidCalls(
      () => onTrial,
      () => ({ listId: list.json().id, jobId: upload.json().jobs[0]!.id }),
    )) {
      expect((await request[1]()).statusCode).not.toBe(402);
    }
    expect((await callRoute(t.app, dealsApi.forYou, { headers: asUser(onTrial) })).statusCode).toBe(200);
  });

  it('gives the features back once paid (an operator grants paid time)', async () => {
    const user = await createUser(t.app);
    await setPlanDates(t.app, user.id, { trialEndsAt: daysFromNow(-10), paidUntil: daysFromNow(30) });
    expect((await callRoute(t.app, dealsApi.forYou, { headers: asUser(user) })).statusCode).toBe(200);
  });

  it('never stops an operator', async () => {
    const admin = await createAdmin(t.app);
    await setPlanDates(t.app, admin.id, { trialEndsAt: daysFromNow(-10) });
    expect((await callRoute(t.app, dealsApi.forYou, { headers: asUser(admin) })).statusCode).toBe(200);
  });
});
