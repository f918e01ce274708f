import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { billingApi, type TBilling } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { handle, server } from '../../test/contract-handlers';
import BillingPage from './billing-page';
import { ExpiredBanner } from './expired-banner';

const GERMAN = { currency: 'EUR', locale: 'de-DE', units: 'metric' } as const;
// Intl puts a no-break space between the amount and the currency sign.
const toPlainSpaces = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

function stubBilling(overrides: Partial<TBilling>) {
  const body: TBilling = {
    isBillingEnabled: true,
    status: 'trial',
    trialEndsAt: '2027-05-26T08:00:00.000Z',
    paidUntil: null,
    trialDaysLeft: 181,
    hasSubscription: false,
    isCancelling: false,
    isPaymentFailing: false,
    annualPrice: 49.99,
    ...overrides,
  };
  server.use(handle(billingApi.status, () => body));
}

describe('billing prices for a shopper who keeps prices in euros', () => {
  it('shows the plan’s US-dollar price and the trial end in the shopper’s German locale', async () => {
    stubBilling({});
    renderPage(<BillingPage />, { path: '/u/settings/billing', format: GERMAN });
    const price = await screen.findByText(/a year after a 6-month free trial/);
    expect(toPlainSpaces(price.textContent)).toBe('49,99 $ a year after a 6-month free trial');
    expect(screen.getByText(/Your free trial ends on 26\.05\.2027: 181 days left\./)).toBeTruthy();
  });

  it('asks an expired shopper to subscribe at the US-dollar price in their locale', async () => {
    stubBilling({ status: 'expired', trialDaysLeft: null });
    renderPage(<ExpiredBanner />, { path: '/u/dashboard', format: GERMAN });
    const line = await screen.findByText(/^Subscribe for/);
    expect(toPlainSpaces(line.textContent)).toMatch(/^Subscribe for 49,99 \$ a year to keep /);
  });
});

describe('an ended trial on the billing page', () => {
  const EXPIRED = { status: 'expired', trialEndsAt: '2026-11-20T00:00:00.000Z', trialDaysLeft: null } as const;

  it('says when the trial ended and leaves out a paid-until date the shopper never had', async () => {
    stubBilling(EXPIRED);
    renderPage(<BillingPage />, { path: '/u/settings/billing' });
    expect(await screen.findByText('Trial ended on')).toBeTruthy();
    expect(screen.queryByText('Trial ends')).toBeNull();
    expect(screen.queryByText('Paid until')).toBeNull();
  });

  it('shows the expired banner on other pages', async () => {
    stubBilling(EXPIRED);
    renderPage(<ExpiredBanner />, { path: '/u/lists' });
    expect(await screen.findByRole('region', { name: 'Subscription' })).toBeTruthy();
  });

  it('does not repeat the expired banner on the billing page, whose card says the same', async () => {
    stubBilling(EXPIRED);
    renderPage(
      <>
        <ExpiredBanner />
        <BillingPage />
      </>,
      { path: '/u/settings/billing' },
    );
    // Both read the same query: once the card shows the ended trial, the banner has had its answer too.
    expect(await screen.findByText('Trial ended on')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Subscription' })).toBeNull();
  });
});
