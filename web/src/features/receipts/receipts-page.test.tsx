import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { receiptsApi } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { handle, server } from '../../test/contract-handlers';
import ReceiptsPage from './receipts-page';

function renderWith(totalCount: number) {
  server.use(handle(receiptsApi.list, () => ({ receipts: [], page: 1, pageSize: 20, totalCount, monthlySpend: [] })));
  renderPage(<ReceiptsPage />, { path: '/u/receipts' });
}

describe('ReceiptsPage', () => {
  it('shows a newcomer the way to a first receipt, without a search form over nothing', async () => {
    renderWith(0);
    expect(await screen.findByText('No receipts yet')).toBeTruthy();
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('keeps the search once there are receipts to search', async () => {
    renderWith(3);
    expect(await screen.findByRole('search')).toBeTruthy();
    expect(screen.getByLabelText('Search')).toBeTruthy();
  });
});
