import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { appConfigApi, type TAppConfig } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { handle, server } from '../../test/contract-handlers';
import { SettingsLayout } from './settings-layout';

/** Answers GET /api/app-config and counts the calls, so a test knows the answer has arrived. */
function answerConfig(isBillingOn: boolean): { calls: number } {
  const asked = { calls: 0 };
  const config: TAppConfig = {
    billing: { isEnabled: isBillingOn },
    features: { receiptOcr: true, dealSubmissions: true, splitCart: true, dealAlertEmails: true },
    limits: { maxReceiptUploadMb: 10, dealSubmissionsPerDay: 5 },
  };
  server.use(
    handle(appConfigApi.get, () => {
      asked.calls += 1;
      return config;
    }),
  );
  return asked;
}

async function readSections(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Settings sections' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('the settings sections', () => {
  it('offer Billing when billing is on', async () => {
    answerConfig(true);
    renderPage(<SettingsLayout />, { path: '/u/settings' });
    expect(await screen.findByRole('link', { name: 'Billing' })).toBeTruthy();
    expect(await readSections()).toEqual(['Profile', 'Notifications', 'Household', 'Preferences', 'Security', 'Billing', 'Export']);
  });

  it('speak of no billing when it is off', async () => {
    const asked = answerConfig(false);
    renderPage(<SettingsLayout />, { path: '/u/settings' });
    await waitFor(() => expect(asked.calls).toBe(1));
    expect(await readSections()).toEqual(['Profile', 'Notifications', 'Household', 'Preferences', 'Security', 'Export']);
  });
});
