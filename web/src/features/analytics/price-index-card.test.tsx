import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderPage } from '../../test/render-with-providers';
import { analyticsApi, savingsApi } from '@cartwise/contracts';
import { handle, server } from '../../test/contract-handlers';
import { PriceIndexCard } from './price-index-card';

function answerSavings() {
  return handle(savingsApi.ledger, () => ({
    period: 'year',
    from: '2026-01-01',
    to: '2027-01-01',
    totals: { deals_cents: 500, split_cart_cents: 1240, total_cents: 1740, plans_used: 2 },
    trips: [],
    receipts: [],
  }));
}

describe('PriceIndexCard', () => {
  it('shows how the prices of what the shopper buys again moved, beside what their savings took off', async () => {
    server.use(
      handle(analyticsApi.inflation, () => ({
        months: [
          { month: '2026-09', index: 100, basketSize: 0 },
          { month: '2026-10', index: 105.1, basketSize: 2 },
          { month: '2026-11', index: 126.1, basketSize: 1 },
        ],
      })),
      answerSavings(),
    );
    renderPage(<PriceIndexCard months={12} />, { path: '/u/analytics' });
    expect(await screen.findByText('up 26.1%')).toBeTruthy();
    expect(await screen.findByText('$17.40')).toBeTruthy();
    expect(screen.getByText(/since September 2026\./)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Price index by month (first month 100)' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('Nov 2026126.11');
  });

  it('measures from the month before the first one that shares a product with its predecessor', async () => {
    server.use(
      handle(analyticsApi.inflation, () => ({
        months: [
          { month: '2026-08', index: 100, basketSize: 0 },
          { month: '2026-09', index: 100, basketSize: 0 },
          { month: '2026-10', index: 90, basketSize: 3 },
        ],
      })),
      answerSavings(),
    );
    renderPage(<PriceIndexCard months={12} />, { path: '/u/analytics' });
    expect(await screen.findByText('down 10%')).toBeTruthy();
    expect(screen.getByText(/since September 2026\./)).toBeTruthy();
  });

  it('claims no change when no month shares a product with the month before', async () => {
    server.use(
      handle(analyticsApi.inflation, () => ({
        months: [
          { month: '2026-09', index: 100, basketSize: 0 },
          { month: '2026-10', index: 100, basketSize: 0 },
        ],
      })),
      answerSavings(),
    );
    renderPage(<PriceIndexCard months={12} />, { path: '/u/analytics' });
    expect(await screen.findByText(/Nothing on your receipts repeats from one month to the next yet\./)).toBeTruthy();
    expect(screen.queryByText('no change')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
