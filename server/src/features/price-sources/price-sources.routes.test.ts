import { beforeAll, describe, expect, it } from 'vitest';
import { ZPriceSourceList, ZPriceSourceView, priceSourcesApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { loadSourceRunConfig } from './price-source-config.service';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();
let admin: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  admin = await createAdmin(t.app);
  shopper = await createUser(t.app);
});

const save = (source: string, payload: Record<string, unknown>, user: TestUser = admin) =>
  callRoute(t.app, priceSourcesApi.save, { params: { source }, headers: asUser(user), body: payload });

describe('operator price-source settings', () => {
  it('lists every source, saves schedule, area and credentials, and never sends a secret back', async () => {
    const res = await save('kroger', {
      isEnabled: true,
      scheduleHour: 5,
      area: { zipCode: '45202' },
      credentials: { clientId: 'id-1', clientSecret: 's3cret' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('s3cret');
    expect(ZPriceSourceView.parse(res.json())).toMatchObject({
      isEnabled: true,
      scheduleHour: 5,
      area: { zipCode: '45202' },
      credentials: [
        { name: 'clientId', isSet: true },
        { name: 'clientSecret', isSet: true },
      ],
    });
    const list = await callRoute(t.app, priceSourcesApi.list, { headers: asUser(admin) });
    expect(list.body).not.toContain('s3cret');
    const ids = ZPriceSourceList.parse(list.json()).sources.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['open-prices', 'hr-nn75', 'kroger', 'cartwise-csv']));
    expect(await loadSourceRunConfig(t.app, 'kroger')).toMatchObject({ zipCode: '45202', clientSecret: 's3cret' });
    const cleared = ZPriceSourceView.parse((await save('kroger', { credentials: { clientSecret: '' } })).json());
    expect(cleared.credentials).toEqual([
      { name: 'clientId', isSet: true },
      { name: 'clientSecret', isSet: false },
    ]);
    expect(cleared.scheduleHour).toBe(5);
    const audit = await t.app.db.selectFrom('audit_log').select('details').where('action', '=', 'price_source.configure').execute();
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain('s3cret');
  });

  it('refuses shoppers, unknown sources and bad settings with a 4xx', async () => {
    expect((await save('kroger', { isEnabled: true }, shopper)).statusCode).toBe(403);
    expect((await save('nope', { isEnabled: true })).statusCode).toBe(404);
    expect((await save('kroger', { scheduleHour: 24 })).statusCode).toBe(400);
    expect((await save('open-prices', { credentials: { apiKey: 'x' } })).statusCode).toBe(400);
    expect((await save('open-prices', { area: { lat: 10 } })).statusCode).toBe(400);
  });
});
