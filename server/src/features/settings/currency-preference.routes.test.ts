import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser } from '../../test/factories';

const t = registerTestApp();

const preferences = (currency: string) => ({ currency, home_store_ids: [], trip_cost_cents: 0, units: 'metric', locale: 'nb-NO' });

describe('the currency preference', () => {
  it.each(['ILS', 'EUR', 'NOK', 'SEK'])('saves %s, any ISO 4217 currency and not a fixed few', async (currency) => {
    const user = await createUser(t.app);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/preferences',
      headers: asUser(user),
      payload: preferences(currency),
    });
    expect(put.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/preferences', headers: asUser(user) });
    expect(res.json()).toMatchObject({ currency, locale: 'nb-NO' });
  });

  it('refuses a code that is no currency with a clear 400 and keeps the saved one', async () => {
    const user = await createUser(t.app);
    await t.app.inject({ method: 'PUT', url: '/api/settings/preferences', headers: asUser(user), payload: preferences('NOK') });
    for (const currency of ['XYZ', 'nok', 'EURO']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/settings/preferences',
        headers: asUser(user),
        payload: preferences(currency),
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Choose a currency by its ISO 4217 code, like EUR');
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/preferences', headers: asUser(user) });
    expect(res.json()).toMatchObject({ currency: 'NOK' });
  });
});
