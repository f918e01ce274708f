import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import AnalyticsPage from './analytics-page';
import { buildJsonResponse } from '../../test/json-response';

describe('AnalyticsPage', () => {
  it('shows spend by month and by store as charts and as tables, and changes the period', async () => {
    // Only the spend call is answered; other sections on the page (spend by category) get a 404.
    const fetchMock = vi.fn<typeof fetch>(async (input) =>
      !String(input).startsWith('/api/analytics/spend')
        ? buildJsonResponse({ error: 'not_found', message: 'No route' }, 404)
        : buildJsonResponse({
            byMonth: [
              { month: '2026-10', total_cents: 5000 },
              { month: '2026-11', total_cents: 2550 },
            ],
            byStore: [
              { store_name: 'FreshMart', total_cents: 6000, receipts: 3 },
              { store_name: 'ValueGrocer', total_cents: 1550, receipts: 1 },
            ],
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<AnalyticsPage />, { path: '/u/analytics' });

    const monthTable = await screen.findByRole('table', { name: 'Spend by month' });
    const monthRows = within(monthTable)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(monthRows).toEqual([expect.stringContaining('$25.50'), expect.stringContaining('$50.00')]);
    const storeTable = screen.getByRole('table', { name: 'Spend by store' });
    expect(within(storeTable).getAllByRole('row')[1]?.textContent).toBe('FreshMart3$60.00');
    expect(screen.getByText('$75.50')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/analytics/spend?months=12')).toBe(true);

    await userEvent.selectOptions(screen.getByLabelText('Period'), '3');
    await screen.findByRole('table', { name: 'Spend by month' });
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/analytics/spend?months=3')).toBe(true);
  });

  it('explains how to get data when there is no spending yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => buildJsonResponse({ byMonth: [{ month: '2026-11', total_cents: 0 }], byStore: [] })),
    );
    renderPage(<AnalyticsPage />, { path: '/u/analytics' });
    expect(await screen.findByText('No spending to show yet')).toBeTruthy();
  });
});
