import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { TListItem, TProduct, TShoppingListDetail } from '@cartwise/contracts';
import { buildJsonResponse } from '../../test/json-response';
import ListDetailPage from './list-detail-page';

const LIST_ID = '11111111-1111-4111-8111-111111111111';
const ITEM_ID = '22222222-2222-4222-8222-222222222222';

const product = (id: string, name: string): TProduct => ({
  id,
  name,
  brand: null,
  category: null,
  sizeValue: null,
  sizeUnit: null,
  barcode: null,
});
const WHOLE_MILK = product('33333333-3333-4333-8333-333333333333', 'Whole Milk');
const CHICKEN = product('44444444-4444-4444-8444-444444444444', 'Boneless Chicken Breast');

function makeItem(overrides: Partial<TListItem>): TListItem {
  const base = { note: '', quantity: 1, unit: null, product_id: null, product_name: null, category: null, accepts_substitutes: false };
  return { ...base, id: ITEM_ID, name: 'Item', is_checked: false, position: 0, ...overrides };
}

/** A list server in memory: adds and patches change `detail`; product search answers `products`. */
function serveList(detail: TShoppingListDetail, products: TProduct[]) {
  const byId = new Map(products.map((p) => [p.id, p]));
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url === '/api/app-config') {
      return buildJsonResponse({
        features: { receiptOcr: true, dealSubmissions: true, splitCart: true, dealAlertEmails: true },
        limits: { maxReceiptUploadMb: 15, dealSubmissionsPerDay: 10 },
      });
    }
    if (url.startsWith('/api/products')) return buildJsonResponse({ products });
    const body = init?.body ? (JSON.parse(String(init.body)) as Partial<TListItem>) : {};
    const linked = (id: string | null | undefined) => ({ product_id: id ?? null, product_name: id ? (byId.get(id)?.name ?? null) : null });
    if (init?.method === 'POST') {
      const item = makeItem({ name: body.name, ...linked(body.product_id) });
      detail.items = [item];
      return buildJsonResponse(item, 201);
    }
    if (init?.method === 'PATCH') {
      detail.items = detail.items.map((item) => ({ ...item, ...linked(body.product_id) }));
      return buildJsonResponse(detail.items[0]);
    }
    return buildJsonResponse(detail);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDetail() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/u/lists/${LIST_ID}`]}>
        <Routes>
          <Route path="/u/lists/:id" element={<ListDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const emptyList = (): TShoppingListDetail => ({
  id: LIST_ID,
  name: 'Weekly',
  household_id: null,
  created_at: '',
  updated_at: '',
  items: [],
});
const sentBodies = (fetchMock: ReturnType<typeof serveList>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('items linking themselves on the list page', () => {
  it('takes the closest suggestion on Enter, shows it as a chip, and undo unlinks keeping the typed name', async () => {
    const fetchMock = serveList(emptyList(), [WHOLE_MILK]);
    renderDetail();
    const field = await screen.findByRole('combobox', { name: 'Add an item' });
    await userEvent.type(field, 'milk');
    await screen.findByRole('option', { name: /Whole Milk/ });
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(sentBodies(fetchMock, 'POST')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'POST')[0]).toEqual({
      name: 'milk',
      product_id: WHOLE_MILK.id,
      client_key: expect.stringMatching(/^local-/),
    });
    const list = await screen.findByRole('list', { name: 'Items' });
    expect(await within(list).findByText('≈ Whole Milk')).toBeTruthy();

    await userEvent.click(within(list).getByRole('button', { name: 'Undo link: milk is not Whole Milk' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PATCH')).toEqual([{ product_id: null }]));
    await waitFor(() => expect(within(list).queryByText('≈ Whole Milk')).toBeNull());
    expect(within(list).getByText('milk')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Link milk' })).toBeTruthy();
  });

  it('opens a product search from Link on an unlinked item and links the pick', async () => {
    const detail = emptyList();
    detail.items = [makeItem({ name: 'chicken' })];
    const fetchMock = serveList(detail, [CHICKEN]);
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Link chicken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link chicken' });
    expect((within(dialog).getByRole('combobox', { name: 'Search products' }) as HTMLInputElement).value).toBe('chicken');
    await userEvent.click(await within(dialog).findByRole('option', { name: /Boneless Chicken Breast/ }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PATCH')).toEqual([{ product_id: CHICKEN.id }]));
    expect(await screen.findByText('≈ Boneless Chicken Breast')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Link chicken' })).toBeNull();
  });
});
