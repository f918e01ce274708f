import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { settingsApi, storesApi, type TPreferences, type TStoreList } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { handle, server } from '../../test/contract-handlers';
import PreferencesPage from './preferences-page';

const SAVED: TPreferences = {
  currency: 'EUR',
  home_store_ids: ['st-2'],
  trip_cost_cents: 350,
  units: 'metric',
  locale: 'en-GB',
  home_point: null,
  store_radius_km: null,
  trip_cost_per_km_cents: null,
  loyalty_chain_ids: [],
};
/** The feed fields of a store people made (GET /api/stores). */
const PHYSICAL_STORE = { source_ref: null, currency: 'USD', lat: null, lon: null, is_online: false };

const STORES: TStoreList = {
  items: [
    { id: 'st-1', name: 'FreshMart Downtown', chain_id: 'ch-1', chain_name: 'FreshMart', address: null, ...PHYSICAL_STORE },
    { id: 'st-2', name: 'ValueGrocer East', chain_id: 'ch-2', chain_name: 'ValueGrocer', address: null, ...PHYSICAL_STORE },
  ],
};

/** Serves the saved preferences and the stores; each save is kept as sent and answered as stored. */
function stubApi(saved: TPreferences = SAVED) {
  const puts: unknown[] = [];
  server.use(
    handle(storesApi.list, () => STORES),
    handle(settingsApi.preferences, () => saved),
    handle(settingsApi.savePreferences, async ({ request, body }) => {
      puts.push(await request.json());
      return { ...SAVED, ...body };
    }),
  );
  return puts;
}

function isChecked(label: string): boolean {
  return (screen.getByRole('checkbox', { name: label }) as HTMLInputElement).checked;
}

describe('PreferencesPage', () => {
  it('shows the saved preferences, not the defaults, as soon as they load', async () => {
    stubApi();
    renderPage(<PreferencesPage />, { path: '/u/settings/preferences' });
    const tripCost = (await screen.findByRole('textbox', { name: 'Trip cost per store visit' })) as HTMLInputElement;
    expect(tripCost.value).toBe('3.50');
    expect((screen.getByRole('combobox', { name: 'Currency' }) as HTMLSelectElement).value).toBe('EUR');
    expect(await screen.findByRole('checkbox', { name: /ValueGrocer East/ })).toBeTruthy();
    expect(isChecked('ValueGrocer East (ValueGrocer)')).toBe(true);
    expect(isChecked('FreshMart Downtown (FreshMart)')).toBe(false);
  });

  it('saves the edited trip cost and home stores with the rest unchanged', async () => {
    const puts = stubApi();
    renderPage(<PreferencesPage />, { path: '/u/settings/preferences' });
    const tripCost = await screen.findByRole('textbox', { name: 'Trip cost per store visit' });
    await userEvent.clear(tripCost);
    await userEvent.type(tripCost, '5');
    await userEvent.click(await screen.findByRole('checkbox', { name: /FreshMart Downtown/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Preferences saved')).toBeTruthy();
    // Trips from home are the travel card's: this form leaves them out, so they stay as saved.
    const { home_point: _home, store_radius_km: _radius, trip_cost_per_km_cents: _perKm, ...main } = SAVED;
    expect(puts).toEqual([{ ...main, home_store_ids: ['st-2', 'st-1'], trip_cost_cents: 500 }]);
    expect((screen.getByRole('textbox', { name: 'Trip cost per store visit' }) as HTMLInputElement).value).toBe('5.00');
  });

  it('offers every ISO 4217 currency by name and saves the one picked', async () => {
    const puts = stubApi();
    renderPage(<PreferencesPage />, { path: '/u/settings/preferences' });
    const currency = await screen.findByRole('combobox', { name: 'Currency' });
    expect(within(currency).getByRole('option', { name: 'ILS · Israeli New Shekel' })).toBeTruthy();
    await userEvent.selectOptions(currency, within(currency).getByRole('option', { name: 'NOK · Norwegian Krone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Preferences saved')).toBeTruthy();
    expect(puts).toMatchObject([{ currency: 'NOK' }]);
  });

  it('saves the loyalty cards ticked, one per chain of the stores', async () => {
    const puts = stubApi();
    renderPage(<PreferencesPage />, { path: '/u/settings/preferences' });
    const group = await screen.findByRole('group', { name: 'Loyalty cards' });
    await userEvent.click(within(group).getByRole('checkbox', { name: 'FreshMart' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Preferences saved')).toBeTruthy();
    expect(puts).toMatchObject([{ loyalty_chain_ids: ['ch-1'] }]);
  });

  it('shows and reads a German shopper’s trip cost with a decimal comma', async () => {
    const german: TPreferences = { ...SAVED, locale: 'de-DE' };
    const puts = stubApi(german);
    renderPage(<PreferencesPage />, { path: '/u/settings/preferences' });
    const tripCost = (await screen.findByRole('textbox', { name: 'Trip cost per store visit' })) as HTMLInputElement;
    expect(tripCost.value).toBe('3,50');
    await userEvent.clear(tripCost);
    await userEvent.type(tripCost, '2,75');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Preferences saved')).toBeTruthy();
    expect(puts).toMatchObject([{ trip_cost_cents: 275, locale: 'de-DE' }]);
  });

  it('refuses a trip cost that is not an amount, and sends nothing', async () => {
    const puts = stubApi();
    renderPage(<PreferencesPage />, { path: '/u/settings/preferences' });
    const tripCost = await screen.findByRole('textbox', { name: 'Trip cost per store visit' });
    await userEvent.clear(tripCost);
    await userEvent.type(tripCost, 'two');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter an amount like 2.50')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Trip cost per store visit' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(puts).toEqual([]);
  });
});
