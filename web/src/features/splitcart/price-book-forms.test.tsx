import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { priceBookApi, type TPriceBook } from '@cartwise/contracts';
import { handle, server } from '../../test/contract-handlers';
import { PriceBookTools } from './price-book-tools';

const CHAIN_ID = '33333333-3333-4333-8333-333333333333';
const STORE = { chainId: null, chainName: null, address: '', city: '', latestObservedOn: null, staleCount: 0, observationCount: 0 };
const book: TPriceBook = {
  staleDays: 30,
  chains: [{ id: CHAIN_ID, name: 'FreshMart', storeCount: 0 }],
  productCount: 0,
  observationCount: 0,
  stores: [{ ...STORE, id: '11111111-1111-4111-8111-111111111111', name: 'Corner Shop', possibleDuplicateOf: null }],
};

function renderTools() {
  const posts: unknown[] = [];
  const recordPost = async ({ request }: { request: Request }) => {
    posts.push(await request.json());
    return { id: '44444444-4444-4444-8444-444444444444' };
  };
  server.use(
    handle(priceBookApi.get, () => book),
    handle(priceBookApi.createChain, recordPost),
    handle(priceBookApi.createStore, recordPost),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PriceBookTools />
    </QueryClientProvider>,
  );
  return posts;
}

describe('price book forms', () => {
  it('says a chain or store name is required beside the field and sends nothing', async () => {
    const posts = renderTools();
    await userEvent.click(await screen.findByRole('button', { name: 'Add chain' }));
    expect(await screen.findByText('Chain name is required')).toBeTruthy();
    expect(screen.getByLabelText('Chain name').getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(screen.getByLabelText('City'), 'Springfield');
    await userEvent.click(screen.getByRole('button', { name: 'Add store' }));
    expect(await screen.findByText('Store name is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Store name'));
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Springfield');
    expect(posts).toHaveLength(0);
  });

  it('sends a new store with its chain, and no chain as null', async () => {
    const posts = renderTools();
    await userEvent.type(await screen.findByLabelText('Store name'), ' Lidl Station Road ');
    await userEvent.selectOptions(screen.getByLabelText('Chain'), 'FreshMart');
    await userEvent.click(screen.getByRole('button', { name: 'Add store' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      name: 'Lidl Station Road',
      chainId: CHAIN_ID,
      address: '',
      city: '',
    });
    await waitFor(() => expect((screen.getByLabelText('Store name') as HTMLInputElement).value).toBe(''));
  });

  it('asks which store to merge into when none is chosen', async () => {
    const posts = renderTools();
    await userEvent.click(await screen.findByRole('button', { name: 'Merge Corner Shop…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Corner Shop' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByText('Choose the store to merge into')).toBeTruthy();
    expect(within(dialog).getByLabelText('Merge into').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toHaveLength(0);
  });
});
