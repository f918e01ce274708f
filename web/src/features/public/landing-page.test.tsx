import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { appConfigApi } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { APP_CONFIG } from '../../test/api-fixtures';
import { handle, handleAuthRoute, server } from '../../test/contract-handlers';
import LandingPage from './landing-page';
import { resetBillingAnswer } from './use-is-billing-on';

/** Answers the billing question; the returned count says how often it was asked. */
function answerBilling(isEnabled: boolean) {
  const asked = { count: 0 };
  server.use(
    // A visitor: nobody is signed in.
    handleAuthRoute('GET', '/api/auth/get-session', () => null),
    handle(appConfigApi.get, () => {
      asked.count += 1;
      return { ...APP_CONFIG, billing: { isEnabled } };
    }),
  );
  return asked;
}

describe('LandingPage', () => {
  beforeEach(() => resetBillingAnswer());

  it('shows the trial pricing line when billing is on', async () => {
    answerBilling(true);
    renderPage(<LandingPage />);
    expect(await screen.findByText('6-month free trial, then $49.99/year')).toBeTruthy();
  });

  it('promises no trial and no price when billing is off', async () => {
    const asked = answerBilling(false);
    renderPage(<LandingPage />);
    expect(await screen.findByRole('link', { name: 'Get Started' })).toBeTruthy();
    await vi.waitFor(() => expect(asked.count).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.body.textContent).not.toMatch(/trial|\/year|\$/);
  });
});
