import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage } from '../../test/render-with-providers';
import LandingPage from './landing-page';
import { resetBillingAnswer } from './use-is-billing-on';

function answerBilling(isEnabled: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const body = String(input).includes('/api/app-config') ? { billing: { isEnabled } } : null;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

describe('LandingPage', () => {
  beforeEach(() => resetBillingAnswer());

  it('shows the trial pricing line when billing is on', async () => {
    answerBilling(true);
    renderPage(<LandingPage />);
    expect(await screen.findByText('6-month free trial, then $49.99/year')).toBeTruthy();
  });

  it('promises no trial and no price when billing is off', async () => {
    answerBilling(false);
    renderPage(<LandingPage />);
    expect(await screen.findByRole('link', { name: 'Get Started' })).toBeTruthy();
    await vi.waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('/api/app-config'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.body.textContent).not.toMatch(/trial|\/year|\$/);
  });
});
