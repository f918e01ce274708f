import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { priceBookApi, type TPriceBook } from '@cartwise/contracts';
import { handle, server } from '../../test/contract-handlers';
import { PriceBookTools } from './price-book-tools';

const STORE = { chainId: null, chainName: null, address: '', city: '', latestObservedOn: '2026-10-01', staleCount: 0 };
const book: TPriceBook = {
  staleDays: 30,
  chains: [],
  productCount: 1,
  observationCount: 42,
  stores: [
    { ...STORE, id: '11111111-1111-4111-8111-111111111111', name: '99 SPEED MART S/B', observationCount: 40, possibleDuplicateOf: null },
    {
      ...STORE,
      id: '22222222-2222-4222-8222-222222222222',
      name: '29 SPEED MART S/B',
      observationCount: 2,
      possibleDuplicateOf: { id: '11111111-1111-4111-8111-111111111111', name: '99 SPEED MART S/B' },
    },
  ],
};

describe('merging a duplicate store from the price book', () => {
  it('marks the likely duplicate, preselects its twin and posts the merge', async () => {
    const merges: { id: string; body: unknown }[] = [];
    server.use(
      handle(priceBookApi.get, () => book),
      handle(priceBookApi.mergeStore, async ({ params, request }) => {
        merges.push({ id: params.id, body: await request.json() });
        return { intoId: book.stores[0]!.id, receipts: 1, prices: 2, deals: 0, homeStores: 1 };
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PriceBookTools />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Looks like 99 SPEED MART S/B')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Merge 29 SPEED MART S/B…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge 29 SPEED MART S/B' });
    expect(dialog.textContent).toMatch(/cannot be undone/);
    expect((screen.getByLabelText('Merge into') as HTMLSelectElement).value).toBe(book.stores[0]!.id);
    fireEvent.click(screen.getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(merges).toEqual([{ id: book.stores[1]!.id, body: { intoId: book.stores[0]!.id } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
