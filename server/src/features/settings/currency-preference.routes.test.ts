import { settingsApi } from '@cartwise/contracts';
import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser } from '../../test/factories';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();

const preferences = (currency: string) => ({ currency, home_store_ids: [], trip_cost_cents: 0, units: 'metric' as const, locale: 'nb-NO' });

describe('the currency preference', () => {
  it.each(['ILS', 'EUR', 'NOK', 'SEK'])('saves %s, any ISO 4217 currency and not a fixed few', async (currency) => {
    const user = await createUser(t.app);
    const put = await callRoute(t.app, settingsApi.savePreferences, { headers: asUser(user), body: preferences(currency) });
    expect(put.statusCode).toBe(200);
    const res = await callRoute(t.app, settingsApi.preferences, { headers: asUser(user) });
    expect(res.json()).toMatchObject({ currency, locale: 'nb-NO' });
  });

  it('refuses a code that is no currency with a clear 400 and keeps the saved one', async () => {
    const user = await createUser(t.app);
    await callRoute(t.app, settingsApi.savePreferences, { headers: asUser(user), body: preferences('NOK') });
    for (const currency of ['XYZ', 'nok', 'EURO']) {
      const res = await callRoute(t.app, settingsApi.savePreferences, { headers: asUser(user), body: preferences(currency) });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Choose a currency by its ISO 4217 code, like EUR');
    }
    const res = await callRoute(t.app, settingsApi.preferences, { headers: asUser(user) });
    expect(res.json()).toMatchObject({ currency: 'NOK' });
  });
});
