import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { APP_CONFIG } from '../../test/api-fixtures';
import { appConfigApi, householdsApi, listsApi, type TFinishedTrip, type TListItem, type TShoppingListDetail } from '@cartwise/contracts';
import { handle, replyError, server } from '../../test/contract-handlers';
import { Toaster } from '../../components/toaster';
import ListDetailPage from './list-detail-page';

const LIST_ID = '11111111-1111-4111-8111-111111111111';

function makeItem(name: string, isChecked: boolean): TListItem {
  return {
    id: crypto.randomUUID(),
    name,
    note: '',
    quantity: 1,
    unit: null,
    product_id: null,
    product_name: null,
    category: null,
    accepts_substitutes: false,
    is_checked: isChecked,
    position: 0,
  };
}

function stubList(items: TListItem[]) {
  const now = new Date().toISOString();
  const detail: TShoppingListDetail = { id: LIST_ID, name: 'Weekly', household_id: null, created_at: now, updated_at: now, items };
  const cleared: string[] = [];
  server.use(
    handle(listsApi.detail, () => detail),
    handle(appConfigApi.get, () => APP_CONFIG),
    handle(householdsApi.list, () => ({ items: [] })),
    handle(listsApi.clearChecked, ({ params }) => {
      cleared.push(params.id);
      const removed = detail.items.filter((item) => item.is_checked).length;
      detail.items = detail.items.filter((item) => !item.is_checked);
      return { removed };
    }),
  );
  return cleared;
}

function renderList(state?: { finishedTrip: TFinishedTrip | null }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ pathname: `/u/lists/${LIST_ID}`, state }]}>
        <Routes>
          <Route path="/u/lists/:id" element={<ListDetailPage />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('the end of a trip on the list page', () => {
  it('offers Clear ticked (n) when items are ticked, and clears them', async () => {
    const cleared = stubList([makeItem('Eggs', true), makeItem('Milk', false), makeItem('Bread', true)]);
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Clear ticked (2)' }));
    await waitFor(() => expect(screen.getByText('0 of 1 checked')).toBeTruthy());
    expect(cleared).toEqual([LIST_ID]);
    expect(screen.queryByRole('button', { name: /Clear ticked/ })).toBeNull();
  });

  it('shows spent against planned, the saving, Clear ticked and Add the receipt after End trip', async () => {
    stubList([makeItem('Eggs', true), makeItem('Milk', false)]);
    renderList({ finishedTrip: { spentCents: 1650, plannedCents: 1500, savingsCents: 650, boughtCount: 1 } });
    const card = await screen.findByRole('region', { name: 'Trip finished' });
    expect(card.textContent).toContain('Spent$16.50 of $15.00 planned');
    expect(card.textContent).toContain('Saved$6.50');
    // Shop mode's basket counts items only; the finished figures are the plan's, trips included.
    expect(card.textContent).toContain('Spent and planned include the trip cost of each store');
    expect(within(card).getByRole('link', { name: 'Add the receipt' }).getAttribute('href')).toBe('/u/receipts/upload');
    expect(within(card).getByRole('button', { name: 'Clear ticked (1)' })).toBeTruthy();
    // One Clear ticked button on the page, in the card.
    expect(screen.getAllByRole('button', { name: /Clear ticked/ })).toHaveLength(1);
    await userEvent.click(within(card).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: 'Trip finished' })).toBeNull();
  });

  it('still offers the next steps when the trip’s saving could not be counted', async () => {
    stubList([makeItem('Eggs', true)]);
    renderList({ finishedTrip: null });
    const card = await screen.findByRole('region', { name: 'Trip finished' });
    expect(card.textContent).toContain('The trip has ended.');
    expect(within(card).getByRole('link', { name: 'Add the receipt' })).toBeTruthy();
  });
});

describe('Clear ticked when the server refuses', () => {
  /** The list with Eggs ticked; clearing answers `status`, and a 409 means another member cleared them first. */
  function stubRefusal(status: number, code: string) {
    const now = new Date().toISOString();
    let detail: TShoppingListDetail = {
      id: LIST_ID,
      name: 'Weekly',
      household_id: null,
      created_at: now,
      updated_at: now,
      items: [makeItem('Eggs', true), makeItem('Milk', false)],
    };
    server.use(
      handle(listsApi.detail, () => detail),
      handle(appConfigApi.get, () => APP_CONFIG),
      handle(householdsApi.list, () => ({ items: [] })),
      handle(listsApi.clearChecked, () => {
        if (status === 409) detail = { ...detail, items: detail.items.filter((item) => !item.is_checked) };
        return replyError(status, status === 409 ? 'Nothing on this list is ticked' : 'Something went wrong', code);
      }),
    );
  }

  it('shows the list as it is now, without an error, when the items were cleared already (409 nothing_ticked)', async () => {
    stubRefusal(409, 'nothing_ticked');
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Clear ticked (1)' }));
    await waitFor(() => expect(screen.getByText('0 of 1 checked')).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Clear ticked/ })).toBeNull();
    expect(screen.queryByText('Could not clear the ticked items')).toBeNull();
  });

  it('says so and keeps the ticked items when clearing fails otherwise', async () => {
    stubRefusal(500, 'internal_error');
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Clear ticked (1)' }));
    expect(await screen.findByText('Could not clear the ticked items')).toBeTruthy();
    expect(screen.getByText('1 of 2 checked')).toBeTruthy();
  });
});
