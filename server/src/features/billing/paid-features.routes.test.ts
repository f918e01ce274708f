import { beforeAll, describe, expect, it } from 'vitest';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { makeTextPdf, toMultipart } from '../receipts/receipt-test-helpers';
import { daysFromNow, registerBillingTestApp, setPlanDates } from './billing-test-helpers';

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
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/receipts/uploads',
      headers: { ...asUser(expired), ...toMultipart([{ name: 'r.pdf', data: PDF, type: 'application/pdf' }]).headers },
      payload: toMultipart([{ name: 'r.pdf', data: PDF, type: 'application/pdf' }]).payload,
    });
    expect(upload.statusCode).toBe(201);
    photoJobId = upload.json().jobs[0].id;
    const list = await t.app.inject({ method: 'POST', url: '/api/lists', headers: asUser(expired), payload: { name: 'Weekly' } });
    listId = list.json().id;
    await setPlanDates(t.app, expired.id, { trialEndsAt: daysFromNow(-1) });
  });

  const paidCalls = (user: () => TestUser, ids: () => { listId: string; jobId: string }) =>
    [
      [
        'reading a receipt photo or PDF',
        () => ({
          method: 'POST' as const,
          url: '/api/receipts/uploads',
          headers: { ...asUser(user()), ...toMultipart([{ name: 'r.pdf', data: PDF, type: 'application/pdf' }]).headers },
          payload: toMultipart([{ name: 'r.pdf', data: PDF, type: 'application/pdf' }]).payload,
        }),
      ],
      [
        'reading a photo again',
        () => ({ method: 'POST' as const, url: `/api/receipt-jobs/${ids().jobId}/retry`, headers: asUser(user()) }),
      ],
      ['a split-cart plan', () => ({ method: 'GET' as const, url: `/api/lists/${ids().listId}/recommendations`, headers: asUser(user()) })],
      ['deal alerts (deals for you)', () => ({ method: 'GET' as const, url: '/api/deals/for-you', headers: asUser(user()) })],
    ] as const;

  it.each(
    paidCalls(
      () => expired,
      () => ({ listId, jobId: photoJobId }),
    ),
  )('answers 402 with a clear message for %s', async (_name, request) => {
    const res = await t.app.inject(request());
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe('payment_required');
    expect(res.json().message).toMatch(/^Your free trial has ended\. Subscribe \(\$49\.99 a year\) in Settings > Billing to keep /);
  });

  it('prices the plan in US dollars written the way the shopper reads numbers', async () => {
    const german = await createUser(t.app);
    await t.app.db.updateTable('profiles').set({ currency: 'EUR', locale: 'de-DE' }).where('id', '=', german.id).execute();
    await setPlanDates(t.app, german.id, { trialEndsAt: daysFromNow(-1) });
    const res = await t.app.inject({ method: 'GET', url: '/api/deals/for-you', headers: asUser(german) });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/^Your free trial has ended\. Subscribe \(49,99\u00a0\$ a year\) in Settings > Billing/);
  });

  it('keeps lists, pantry, manual and pasted receipts, deals browsing, export and billing working', async () => {
    const h = asUser(expired);
    const calls = [
      { method: 'GET' as const, url: '/api/lists' },
      { method: 'POST' as const, url: '/api/lists', payload: { name: 'Party' } },
      { method: 'POST' as const, url: `/api/lists/${listId}/items`, payload: { name: 'Milk' } },
      { method: 'GET' as const, url: '/api/pantry' },
      { method: 'POST' as const, url: '/api/pantry', payload: { name: 'Rice', qty: 2 } },
      {
        method: 'POST' as const,
        url: '/api/receipts',
        payload: { storeName: 'Corner Shop', date: '2026-11-20', items: [{ name: 'Milk', quantity: 1, price: 2.49 }], total: 2.49 },
      },
      { method: 'POST' as const, url: '/api/receipts/uploads', payload: { text: 'CORNER SHOP\nMILK 2.49\nTOTAL 2.49' } },
      { method: 'GET' as const, url: '/api/receipts' },
      { method: 'GET' as const, url: '/api/deals' },
      { method: 'GET' as const, url: '/api/export/all.json' },
      { method: 'GET' as const, url: '/api/billing' },
      { method: 'POST' as const, url: '/api/billing/checkout' },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: h });
      expect([call.url, res.statusCode]).toEqual([call.url, expect.toSatisfy((s: number) => s >= 200 && s < 300)]);
    }
  });

  it('keeps every paid feature for a shopper still on the trial', async () => {
    const list = await t.app.inject({ method: 'POST', url: '/api/lists', headers: asUser(onTrial), payload: { name: 'Trial list' } });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/receipts/uploads',
      headers: { ...asUser(onTrial), ...toMultipart([{ name: 'r.pdf', data: PDF, type: 'application/pdf' }]).headers },
      payload: toMultipart([{ name: 'r.pdf', data: PDF, type: 'application/pdf' }]).payload,
    });
    expect(upload.statusCode).toBe(201);
    for (const request of paidCalls(
      () => onTrial,
      () => ({ listId: list.json().id, jobId: upload.json().jobs[0].id }),
    )) {
      expect((await t.app.inject(request[1]())).statusCode).not.toBe(402);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/deals/for-you', headers: asUser(onTrial) })).statusCode).toBe(200);
  });

  it('gives the features back once paid (an operator grants paid time)', async () => {
    const user = await createUser(t.app);
    await setPlanDates(t.app, user.id, { trialEndsAt: daysFromNow(-10), paidUntil: daysFromNow(30) });
    expect((await t.app.inject({ method: 'GET', url: '/api/deals/for-you', headers: asUser(user) })).statusCode).toBe(200);
  });

  it('never stops an operator', async () => {
    const admin = await createAdmin(t.app);
    await setPlanDates(t.app, admin.id, { trialEndsAt: daysFromNow(-10) });
    expect((await t.app.inject({ method: 'GET', url: '/api/deals/for-you', headers: asUser(admin) })).statusCode).toBe(200);
  });
});
