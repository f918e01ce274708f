import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import AnalyticsPage from './analytics-page';
import { analyticsApi, receiptsApi, savingsApi } from '@cartwise/contracts';
import { handle, replyError, server } from '../../test/contract-handlers';

/** The page's other sections (spend by category, price index, savings) fail; the spend sections still show. */
function failOtherSections() {
  server.use(
    handle(receiptsApi.categorySpend, () => replyError(404, 'No route', 'not_found')),
    handle(analyticsApi.inflation, () => replyError(404, 'No route', 'not_found')),
    handle(savingsApi.ledger, () => replyError(404, 'No route', 'not_found')),
  );
}

describe('AnalyticsPage', () => {
  it('shows spend by month and by store as charts and as tables, and changes the period', async () => {
    const months: unknown[] = [];
    failOtherSections();
    server.use(
      handle(analyticsApi.spend, ({ query }) => {
        months.push(query.months);
        return {
          byMonth: [
            { month: '2026-10', total_cents: 5000 },
            { month: '2026-11', total_cents: 2550 },
          ],
          byStore: [
            { store_name: 'FreshMart', total_cents: 6000, receipts: 3 },
            { store_name: 'ValueGrocer', total_cents: 1550, receipts: 1 },
          ],
        };
      }),
    );
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
    expect(months).toContain(12);

    await userEvent.selectOptions(screen.getByLabelText('Period'), '3');
    await screen.findByRole('table', { name: 'Spend by month' });
    expect(months).toContain(3);
  });

  it('explains how to get data when there is no spending yet', async () => {
    failOtherSections();
    server.use(handle(analyticsApi.spend, () => ({ byMonth: [{ month: '2026-11', total_cents: 0 }], byStore: [] })));
    renderPage(<AnalyticsPage />, { path: '/u/analytics' });
    expect(await screen.findByText('No spending to show yet')).toBeTruthy();
  });
});
