import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TPriceBook } from '@cartwise/contracts';
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
    const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
      if (input === '/api/admin/price-book') return Response.json(book);
      if (input.endsWith('/merge') && init?.method === 'POST')
        return Response.json({ intoId: book.stores[0]!.id, receipts: 1, prices: 2, deals: 0, homeStores: 1 });
      return Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
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
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([path]) => String(path).endsWith('/merge'));
      expect(call?.[0]).toBe(`/api/admin/price-book/stores/${book.stores[1]!.id}/merge`);
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({ intoId: book.stores[0]!.id });
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
