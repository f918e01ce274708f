import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PREFERENCES, settingsApi, type TPreferences } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { handle, server } from '../../test/contract-handlers';
import { TravelCard } from './travel-card';

const SAVED: TPreferences = { ...DEFAULT_PREFERENCES, currency: 'EUR', trip_cost_cents: 350, store_radius_km: 5 };

describe('TravelCard', () => {
  it('refuses a home point off the map without sending it, then saves the trips with the other preferences', async () => {
    const puts: unknown[] = [];
    server.use(
      handle(settingsApi.savePreferences, async ({ request }) => {
        const sent = (await request.json()) as TPreferences;
        puts.push(sent);
        return sent;
      }),
    );
    renderPage(<TravelCard saved={SAVED} />);
    expect((screen.getByRole('textbox', { name: 'Stores within (km)' }) as HTMLInputElement).value).toBe('5');
    await userEvent.type(screen.getByRole('textbox', { name: 'Home latitude' }), '91');
    await userEvent.type(screen.getByRole('textbox', { name: 'Home longitude' }), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save trips' }));
    expect(await screen.findByText('Home point is off the map')).toBeTruthy();
    expect(puts).toEqual([]);

    await userEvent.clear(screen.getByRole('textbox', { name: 'Home latitude' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Home latitude' }), '43.07');
    await userEvent.type(screen.getByRole('textbox', { name: 'Trip cost per km' }), '0.25');
    await userEvent.click(screen.getByRole('button', { name: 'Save trips' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ ...SAVED, home_point: { lat: 43.07, lon: 10 }, store_radius_km: 5, trip_cost_per_km_cents: 25 });
  });
});
