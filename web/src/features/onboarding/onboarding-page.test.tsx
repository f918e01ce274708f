import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onboardingApi, priceCoverageApi, type TOnboardingState } from '@cartwise/contracts';
import { buildFakeAuth, renderPage } from '../../test/render-with-providers';
import OnboardingPage from './onboarding-page';
import { handle, server } from '../../test/contract-handlers';

const STORE_A = '22222222-2222-4222-8222-222222222222';
const STATE: TOnboardingState = {
  profile: { email: 'ada@example.test', full_name: 'Ada Shopper', display_name: null, is_onboarded: false },
  stores: [
    {
      id: STORE_A,
      name: 'FreshMart Downtown',
      chain_name: 'FreshMart',
      address: '1 Main St',
      source_ref: null,
      chain_id: null,
      currency: null,
      lat: null,
      lon: null,
      is_online: false,
    },
    {
      id: '33333333-3333-4333-8333-333333333333',
      name: 'Corner Grocer',
      chain_name: null,
      address: null,
      source_ref: null,
      chain_id: null,
      currency: null,
      lat: null,
      lon: null,
      is_online: false,
    },
  ],
  home_store_ids: [],
  preferences: { marketing: false, product: true, receipts: true },
};

/** Serves the onboarding state and the coverage of the stores picked; each completion and skip is kept. */
function stubApi() {
  const sent = { completions: [] as unknown[], skips: 0 };
  server.use(
    handle(onboardingApi.get, () => STATE),
    handle(onboardingApi.complete, async ({ request }) => {
      sent.completions.push(await request.json());
      return { ...STATE, profile: { ...STATE.profile, is_onboarded: true } };
    }),
    handle(onboardingApi.skip, () => {
      sent.skips += 1;
      return { message: 'Onboarding skipped' };
    }),
    handle(priceCoverageApi.shopper, ({ query }) => {
      const isPicked = query.storeIds?.split(',').includes(STORE_A) ?? false;
      return {
        area: isPicked ? 'stores' : 'everywhere',
        stores: isPicked ? 1 : 2,
        pricedStores: 1,
        basket: { kind: 'top', items: 100, atOneStore: isPicked ? 40 : 30, atTwoOrMore: isPicked ? 0 : 25, unpriced: 60 },
      };
    }),
  );
  return sent;
}

describe('OnboardingPage', () => {
  it('walks through name, home stores and notifications, then saves everything and goes to the dashboard', async () => {
    const sent = stubApi();
    const reloadProfile = vi.fn(async () => undefined);
    renderPage(<OnboardingPage />, {
      path: '/onboarding',
      auth: buildFakeAuth({ reloadProfile }),
      markers: { '/u/dashboard': 'dashboard' },
    });

    const fullName = (await screen.findByLabelText('Full name')) as HTMLInputElement;
    expect(fullName.value).toBe('Ada Shopper');
    await userEvent.type(screen.getByLabelText('Display name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByRole('heading', { name: /Step 2 of 3/ })).toBeTruthy();
    expect(await screen.findByText(/55 have a price at stores near you: 30 at one store, 25 at two or more/)).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'FreshMart Downtown' }));
    expect(await screen.findByText(/40 have a price at your stores: 40 at one store, 0 at two or more/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect((screen.getByRole('checkbox', { name: 'Marketing emails' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Product updates' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Receipt processing alerts' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Receipt processing alerts' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));

    expect(await screen.findByText('dashboard')).toBeTruthy();
    expect(sent.completions).toEqual([
      {
        fullName: 'Ada Shopper',
        displayName: 'Ada',
        homeStoreIds: [STORE_A],
        notifications: { marketing: false, product: true, receipts: false },
      },
    ]);
    expect(reloadProfile).toHaveBeenCalled();
    // A whole journey of typed and clicked steps: slower than one assertion on a busy machine.
  }, 15_000);

  it('Skip goes straight to the dashboard', async () => {
    const sent = stubApi();
    renderPage(<OnboardingPage />, { path: '/onboarding', markers: { '/u/dashboard': 'dashboard' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByText('dashboard')).toBeTruthy();
    expect(sent.skips).toBe(1);
  });
});
