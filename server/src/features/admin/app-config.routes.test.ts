import { beforeAll, describe, expect, it } from 'vitest';
import { ZAppConfig, appConfigApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { setFeature, setSetting } from '../../test/operator-settings';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();
let admin: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  admin = await createAdmin(t.app);
  shopper = await createUser(t.app);
});

async function readConfig(user: TestUser) {
  const res = await callRoute(t.app, appConfigApi.get, { headers: asUser(user) });
  expect(res.statusCode).toBe(200);
  return ZAppConfig.parse(res.json());
}

describe('GET /api/app-config', () => {
  it('answers signed-out visitors too, saying billing is off without the Stripe settings', async () => {
    const res = await callRoute(t.app, appConfigApi.get);
    expect(res.statusCode).toBe(200);
    expect(ZAppConfig.parse(res.json()).billing).toEqual({ isEnabled: false });
  });

  it('shows shoppers the defaults, then what the operator changed', async () => {
    expect(await readConfig(shopper)).toEqual({
      billing: { isEnabled: false },
      features: { receiptOcr: true, dealSubmissions: true, splitCart: true, dealAlertEmails: true },
      limits: { maxReceiptUploadMb: 15, dealSubmissionsPerDay: 10 },
    });
    await setFeature(t.app, admin, 'deal_submissions', false);
    await setFeature(t.app, admin, 'receipt_ocr', false);
    await setSetting(t.app, admin, 'max_receipt_upload_mb', '4');
    await setSetting(t.app, admin, 'deal_submission_rate_limit', '3');
    expect(await readConfig(shopper)).toEqual({
      billing: { isEnabled: false },
      features: { receiptOcr: false, dealSubmissions: false, splitCart: true, dealAlertEmails: true },
      limits: { maxReceiptUploadMb: 4, dealSubmissionsPerDay: 3 },
    });
  });

  it('falls back to the default when a stored limit is not a usable number', async () => {
    await t.app.db.updateTable('app_settings').set({ value: 'lots' }).where('key', '=', 'deal_submission_rate_limit').execute();
    expect((await readConfig(shopper)).limits.dealSubmissionsPerDay).toBe(10);
  });
});
