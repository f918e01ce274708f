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
import { Reply, handle, replyError, server } from '../../test/contract-handlers';
import { renderPage } from '../../test/render-with-providers';
import ListCreatePage from './list-create-page';
import ListDetailPage from './list-detail-page';
import ListsPage from './lists-page';

const LIST_ID = '11111111-1111-4111-8111-111111111111';

function makeItem(overrides: Partial<TListItem>): TListItem {
  return {
    id: crypto.randomUUID(),
    name: 'Item',
    note: '',
    quantity: 1,
    unit: null,
    product_id: null,
    product_name: null,
    category: null,
    accepts_substitutes: false,
    is_checked: false,
    position: 0,
    ...overrides,
  };
}

function renderDetail() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/u/lists/${LIST_ID}`]}>
        <Routes>
          <Route path="/u/lists/:id" element={<ListDetailPage />} />
          <Route path="/u/lists" element={<p>lists page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ListsPage', () => {
  it('invites the shopper to create a first list when there are none', async () => {
    server.use(handle(listsApi.list, () => ({ items: [] })));
    renderPage(<ListsPage />, { path: '/u/lists' });
    const link = await screen.findByRole('link', { name: 'Create your first list' });
    expect(link.getAttribute('href')).toBe('/u/lists/create');
  });

  it('shows each list with its item and checked counts', async () => {
    const now = new Date().toISOString();
    server.use(
      handle(listsApi.list, () => ({
        items: [{ id: LIST_ID, name: 'Weekly', household_id: null, item_count: 4, checked_count: 1, created_at: now, updated_at: now }],
      })),
    );
    renderPage(<ListsPage />, { path: '/u/lists' });
    const link = await screen.findByRole('link', { name: /Weekly/ });
    expect(link.textContent).toContain('4 items, 1 checked');
    expect(link.getAttribute('href')).toBe(`/u/lists/${LIST_ID}`);
  });
});

describe('ListCreatePage', () => {
  it('keeps Create list disabled while the name is blank and posts the trimmed name', async () => {
    const creates: unknown[] = [];
    server.use(
      handle(householdsApi.list, () => ({ items: [] })),
      handle(listsApi.create, async ({ request, body }) => {
        creates.push(await request.json());
        const now = new Date().toISOString();
        return { id: LIST_ID, name: body.name, household_id: null, created_at: now, updated_at: now, items: [] };
      }),
    );
    renderPage(<ListCreatePage />, { path: '/u/lists/create', markers: { '/u/lists/:id': 'detail page' } });
    const button = screen.getByRole('button', { name: 'Create list' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('List name'), '   ');
    expect(button.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('List name'), 'Party  ');
    expect(button.disabled).toBe(false);
    await userEvent.click(button);
    expect(await screen.findByText('detail page')).toBeTruthy();
    expect(creates).toEqual([{ name: 'Party' }]);
    expect(screen.queryByText('List name is required')).toBeNull();
  });
});

/**
 * Serves the detail page: the operator's config, the shopper's households and the list (or a refusal); items added
 * join the list, and each add and delete is kept as sent.
 */
function serveDetail(detail: TShoppingListDetail | Reply, { splitCart = true, products = [] as TProduct[] } = {}) {
  const sent = { adds: [] as { listId: string; body: unknown }[], deletes: [] as string[] };
  server.use(
    handle(appConfigApi.get, () => ({ ...APP_CONFIG, features: { ...APP_CONFIG.features, splitCart } })),
    handle(householdsApi.list, () => ({ items: [] })),
    handle(productsApi.search, () => ({ products })),
    handle(listsApi.detail, () => detail),
    handle(listsApi.addItem, async ({ params, request, body }) => {
      sent.adds.push({ listId: params.id, body: await request.json() });
      if (detail instanceof Reply) return detail;
      const item = makeItem({ name: body.name, product_id: body.product_id ?? null, position: detail.items.length });
      detail.items.push(item);
      return item;
    }),
    handle(listsApi.remove, ({ params }) => {
      sent.deletes.push(params.id);
    }),
  );
  return sent;
}

describe('ListDetailPage', () => {
  it('offers Where to buy only while the operator has store suggestions on', async () => {
    const now = new Date().toISOString();
    const detail: TShoppingListDetail = {
      id: LIST_ID,
      name: 'Weekly',
      household_id: null,
      created_at: now,
      updated_at: now,
      items: [makeItem({ name: 'Milk' })],
    };
    for (const splitCart of [true, false]) {
      serveDetail(detail, { splitCart });
      const view = renderDetail();
      await screen.findByRole('list', { name: 'Items' });
      if (splitCart) expect(await screen.findByRole('link', { name: 'Where to buy' })).toBeTruthy();
      else await waitFor(() => expect(screen.queryByRole('link', { name: 'Where to buy' })).toBeNull());
      view.unmount();
    }
  });

  it('puts checked items at the bottom and adds an item from the quick-add field with Enter', async () => {
    const now = new Date().toISOString();
    const detail: TShoppingListDetail = {
      id: LIST_ID,
      name: 'Weekly',
      household_id: null,
      created_at: now,
      updated_at: now,
      items: [
        makeItem({ name: 'Eggs', position: 0, is_checked: true }),
        makeItem({ name: 'Milk', position: 1, note: '2%' }),
        makeItem({ name: 'Bread', position: 2 }),
      ],
    };
    const sent = serveDetail(detail);
    renderDetail();

    const list = await screen.findByRole('list', { name: 'Items' });
    const names = () =>
      within(list)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.querySelector('.shop-item-name')?.textContent);
    expect(names()).toEqual(['Milk', 'Bread', 'Eggs']);
    expect(screen.getByText('1 of 3 checked')).toBeTruthy();
    expect(screen.getByText('2%')).toBeTruthy();

    await userEvent.type(screen.getByRole('combobox', { name: 'Add an item' }), 'Apples{Enter}');
    await waitFor(() => expect(names()).toEqual(['Milk', 'Bread', 'Apples', 'Eggs']));
    // The client key lets the server drop a repeat of this add (a retry after a lost answer).
    expect(sent.adds).toEqual([{ listId: LIST_ID, body: { name: 'Apples', client_key: expect.stringMatching(/^local-/) as unknown } }]);
    expect((screen.getByRole('combobox', { name: 'Add an item' }) as HTMLInputElement).value).toBe('');
  });

  it('links an item to a product picked from the suggestions', async () => {
    const detail: TShoppingListDetail = {
      id: LIST_ID,
      name: 'Weekly',
      household_id: null,
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
      items: [],
    };
    const oats: TProduct = {
      id: '5b1c6a52-3c7d-4e61-9d0a-2f8f1b7c9a10',
      name: 'Rolled Oats',
      brand: 'Zephyr',
      category: 'Pantry',
      sizeValue: 1,
      sizeUnit: 'kg',
      barcode: null,
    };
    const sent = serveDetail(detail, { products: [oats] });
    renderDetail();

    await userEvent.type(await screen.findByRole('combobox', { name: 'Add an item' }), 'oat');
    await userEvent.click(await screen.findByRole('option', { name: /Rolled Oats/ }));
    await waitFor(() =>
      expect(sent.adds).toEqual([
        { listId: LIST_ID, body: { name: 'Rolled Oats', product_id: oats.id, client_key: expect.stringMatching(/^local-/) as unknown } },
      ]),
    );
  });

  it('shows List not found for a list that is missing or belongs to someone else', async () => {
    serveDetail(replyError(404, 'List not found', 'not_found'));
    renderDetail();
    expect(await screen.findByText('List not found')).toBeTruthy();
  });

  it('deletes the list only after the shopper confirms', async () => {
    const now = new Date().toISOString();
    const sent = serveDetail({
      id: LIST_ID,
      name: 'Old list',
      household_id: null,
      created_at: now,
      updated_at: now,
      items: [makeItem({ name: 'Tea' })],
    });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete list' }));
    // The dialog library loads when the dialog first opens.
    const dialog = await screen.findByRole('dialog', { name: 'Delete list?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.deletes).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete list' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete list?' })).getByRole('button', { name: 'Delete list' }));
    expect(await screen.findByText('lists page')).toBeTruthy();
    expect(sent.deletes).toEqual([LIST_ID]);
  });
});
