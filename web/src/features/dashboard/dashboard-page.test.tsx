import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { dashboardApi, dealsApi, type TDashboard } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import DashboardPage from './dashboard-page';
import { handle, replyError, server } from '../../test/contract-handlers';

const RECEIPT_ID = '44444444-4444-4444-8444-444444444444';
const DASHBOARD: TDashboard = {
  month: '2026-11',
  spend_this_month_cents: 12345,
  receipts_this_month: 2,
  recent_receipts: [{ id: RECEIPT_ID, store_name: 'FreshMart', purchased_on: '2026-11-20', total_cents: 4599 }],
  active_deals_count: 7,
  lists: [
    { id: 'l1', name: 'Weekly', household_id: null, item_count: 5, checked_count: 2, created_at: '2026-11-01', updated_at: '2026-11-02' },
  ],
  pantry_expiring_count: 1,
  savings: {
    month: { deals_cents: 250, split_cart_cents: 1240, total_cents: 1490, plans_used: 1 },
    year: { deals_cents: 3100, split_cart_cents: 5600, total_cents: 8700, plans_used: 4 },
  },
};

/** The dashboard answers; Deals for you answers with its deals, or fails when the deals feature is missing. */
function stubApi(hasDealsForYou: boolean) {
  server.use(
    handle(dashboardApi.get, () => DASHBOARD),
    handle(dealsApi.forYou, () => (hasDealsForYou ? { items: [] } : replyError(404, 'No route', 'not_found'))),
  );
}

describe('DashboardPage', () => {
  it('shows spend this month, recent receipts, active deals and lists, and leaves out Deals for you when that call is missing', async () => {
    stubApi(false);
    renderPage(<DashboardPage />, { path: '/u/dashboard' });
    expect(await screen.findByText('$123.45')).toBeTruthy();
    expect(screen.getByText('2 receipts')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Active deals\s*7/ }).getAttribute('href')).toBe('/u/deals');
    expect(screen.getByRole('link', { name: /FreshMart/ }).getAttribute('href')).toBe(`/u/receipts/${RECEIPT_ID}`);
    expect(screen.getByRole('link', { name: /Weekly/ }).textContent).toContain('5 items, 2 checked');
    expect(screen.queryByText('Deals for you')).toBeNull();
  });

  it('leads with money saved this month and this year, split into deals and split-cart plans', async () => {
    stubApi(true);
    renderPage(<DashboardPage />, { path: '/u/dashboard' });
    const card = await screen.findByRole('region', { name: 'Money saved' });
    const [month, year] = within(card).getAllByRole('definition');
    expect(month?.textContent).toBe('$14.90Deals $2.50Split-cart $12.40');
    expect(year?.textContent).toBe('$87.00Deals $31.00Split-cart $56.00');
    // Each figure opens the savings behind it.
    expect(within(card).getByRole('link', { name: 'This month: $14.90 saved, see every saving' }).getAttribute('href')).toBe(
      '/u/savings?period=month',
    );
    expect(
      within(card)
        .getByRole('link', { name: /This year: \$87\.00/ })
        .getAttribute('href'),
    ).toBe('/u/savings?period=year');
    // The card is the page's lead: it comes before the spending tiles.
    expect(card.compareDocumentPosition(screen.getByText(/Spent in/)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the Deals for you count when the deals feature answers', async () => {
    stubApi(true);
    renderPage(<DashboardPage />, { path: '/u/dashboard' });
    expect(await screen.findByText('Deals for you')).toBeTruthy();
  });
});
