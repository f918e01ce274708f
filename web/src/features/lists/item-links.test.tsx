import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import {
  appConfigApi,
  householdsApi,
  listsApi,
  productsApi,
  type TListItem,
  type TProduct,
  type TShoppingListDetail,
} from '@cartwise/contracts';
import { APP_CONFIG } from '../../test/api-fixtures';
import { handle, server } from '../../test/contract-handlers';
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

/** A list server in memory: adds and patches change `detail` and are kept as sent; product search answers `products`. */
function serveList(detail: TShoppingListDetail, products: TProduct[]) {
  const byId = new Map(products.map((p) => [p.id, p]));
  const linked = (id: string | null | undefined) => ({ product_id: id ?? null, product_name: id ? (byId.get(id)?.name ?? null) : null });
  const sent = { adds: [] as unknown[], patches: [] as unknown[] };
  server.use(
    handle(appConfigApi.get, () => APP_CONFIG),
    handle(productsApi.search, () => ({ products })),
    handle(listsApi.detail, () => detail),
    handle(householdsApi.list, () => ({ items: [] })),
    handle(listsApi.addItem, async ({ request, body }) => {
      sent.adds.push(await request.json());
      const item = makeItem({ name: body.name, ...linked(body.product_id) });
      detail.items = [item];
      return item;
    }),
    handle(listsApi.updateItem, async ({ request, body }) => {
      sent.patches.push(await request.json());
      detail.items = detail.items.map((item) => ({ ...item, ...linked(body.product_id) }));
      return detail.items[0]!;
    }),
  );
  return sent;
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
describe('items linking themselves on the list page', () => {
  it('takes the closest suggestion on Enter, shows it as a chip, and undo unlinks keeping the typed name', async () => {
    const sent = serveList(emptyList(), [WHOLE_MILK]);
    renderDetail();
    const field = await screen.findByRole('combobox', { name: 'Add an item' });
    await userEvent.type(field, 'milk');
    await screen.findByRole('option', { name: /Whole Milk/ });
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(sent.adds).toHaveLength(1));
    expect(sent.adds[0]).toEqual({
      name: 'milk',
      product_id: WHOLE_MILK.id,
      client_key: expect.stringMatching(/^local-/),
    });
    const list = await screen.findByRole('list', { name: 'Items' });
    expect(await within(list).findByText('≈ Whole Milk')).toBeTruthy();

    await userEvent.click(within(list).getByRole('button', { name: 'Undo link: milk is not Whole Milk' }));
    await waitFor(() => expect(sent.patches).toEqual([{ product_id: null }]));
    await waitFor(() => expect(within(list).queryByText('≈ Whole Milk')).toBeNull());
    expect(within(list).getByText('milk')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Link milk' })).toBeTruthy();
  });

  it('opens a product search from Link on an unlinked item and links the pick', async () => {
    const detail = emptyList();
    detail.items = [makeItem({ name: 'chicken' })];
    const sent = serveList(detail, [CHICKEN]);
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Link chicken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link chicken' });
    expect((within(dialog).getByRole('combobox', { name: 'Search products' }) as HTMLInputElement).value).toBe('chicken');
    await userEvent.click(await within(dialog).findByRole('option', { name: /Boneless Chicken Breast/ }));
    await waitFor(() => expect(sent.patches).toEqual([{ product_id: CHICKEN.id }]));
    expect(await screen.findByText('≈ Boneless Chicken Breast')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Link chicken' })).toBeNull();
  });
});
