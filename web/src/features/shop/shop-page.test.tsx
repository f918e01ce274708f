import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { listsApi, type TListItem, type TRecommendationPlan, type TShoppingListDetail } from '@cartwise/contracts';
import { handle, server } from '../../test/contract-handlers';
import ShopPage from './shop-page';

const LIST_ID = '77777777-7777-4777-8777-777777777777';
const MILK_ID = '88888888-8888-4888-8888-888888888881';
const BREAD_ID = '88888888-8888-4888-8888-888888888882';
const EGGS_ID = '88888888-8888-4888-8888-888888888883';
const STORE_ID = '99999999-9999-4999-8999-999999999991';

// A one-stop plan for milk (on a 2-for promotion, one more would complete it); bread is on the list but not in the plan, so it belongs under "Also on your list".
const PLAN = {
  listId: LIST_ID,
  listName: 'Weekly',
  date: '2026-11-26',
  currency: 'EUR',
  stops: [
    {
      store: { id: STORE_ID, name: 'FreshMart', chainName: null, address: '', isHome: true },
      lines: [
        {
          itemId: MILK_ID,
          name: 'Milk',
          quantity: 1,
          unit: null,
          productId: 'p1',
          productName: 'Milk',
          lineCents: 349,
          packagePriceCents: 349,
          packageLabel: '1 l',
          isDeal: false,
          observedOn: '2026-11-20',
          ageDays: 6,
          isStale: false,
          category: null,
          alternatives: [],
          promotion: { id: 'promo-1', description: '2 for €6.00' },
          promotionSavedCents: 0,
          packs: 1,
          comparedUnitPrice: { cents: 349, per: 'L' },
        },
      ],
      itemsCents: 349,
      tripCostCents: 0,
      suggestions: [
        { itemId: MILK_ID, productName: 'Milk', promotion: { id: 'promo-1', description: '2 for €6.00' }, addUnits: 1, savesCents: 98 },
      ],
    },
  ],
  itemsCents: 349,
} as unknown as TRecommendationPlan;

vi.mock('./use-shop-trip', () => ({
  useShopTrip: () => ({ trip: { plan: PLAN, moves: {} }, isPending: false, error: null, markNotHere: vi.fn(), restore: vi.fn() }),
}));

function makeItem(id: string, name: string): TListItem {
  const base = { note: '', quantity: 1, unit: null, product_id: null, product_name: null, category: null, accepts_substitutes: false };
  return { ...base, id, name, is_checked: false, position: 0 };
}

describe('ShopPage', () => {
  it("shows the promotion and the packs to take on the item, and what one more unit would save, in the plan's currency", () => {
    // The list never arrives: the plan alone fills the screen.
    server.use(handle(listsApi.detail, () => new Promise<TShoppingListDetail>(() => undefined)));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[`/u/lists/${LIST_ID}/shop`]}>
          <Routes>
            <Route path="/u/lists/:id/shop" element={<ShopPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const stop = screen.getByRole('region', { name: 'Shop at FreshMart' });
    const milk = within(stop).getByRole('checkbox', { name: 'Milk' }).closest('li')!;
    expect(milk.textContent).toContain('Promotion');
    expect(milk.textContent).toContain('2 for €6.00');
    expect(milk.textContent).toContain('€3.49');
    expect(milk.textContent).toContain('take 1 × 1 l');
    const tips = within(stop).getByRole('list', { name: 'Ways to save more at FreshMart' });
    expect(tips.textContent).toContain('Add 1 more: saves €0.98');
  });

  it('holds the place of "Also on your list" with a skeleton until the list arrives', async () => {
    let answer: (detail: TShoppingListDetail) => void = () => undefined;
    const list = new Promise<TShoppingListDetail>((resolve) => (answer = resolve));
    server.use(handle(listsApi.detail, () => list));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/u/lists/${LIST_ID}/shop`]}>
          <Routes>
            <Route path="/u/lists/:id/shop" element={<ShopPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('region', { name: 'Shop at FreshMart' })).toBeTruthy();
    expect(screen.getByText('Loading the rest of your list...').closest('[role="status"]')).toBeTruthy();
    const now = new Date().toISOString();
    answer({
      id: LIST_ID,
      name: 'Weekly',
      household_id: null,
      created_at: now,
      updated_at: now,
      items: [makeItem(MILK_ID, 'Milk'), makeItem(BREAD_ID, 'Bread')],
    });
    expect(await screen.findByRole('region', { name: 'Also on your list' })).toBeTruthy();
    expect(screen.queryByText('Loading the rest of your list...')).toBeNull();
  });

  it('keeps the screen awake, names the store of a tick, and takes an item added mid-trip', async () => {
    const release = vi.fn(async () => undefined);
    const request = vi.fn(async () => ({ released: false, release }));
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    const now = new Date().toISOString();
    const items = [makeItem(MILK_ID, 'Milk')];
    const sent = { reads: 0, patches: [] as { itemId: string; body: unknown }[], adds: [] as unknown[] };
    server.use(
      handle(listsApi.detail, () => {
        sent.reads += 1;
        return { id: LIST_ID, name: 'Weekly', household_id: null, created_at: now, updated_at: now, items };
      }),
      handle(listsApi.updateItem, async ({ params, request }) => {
        sent.patches.push({ itemId: params.itemId, body: await request.json() });
        return { ...items[0]!, is_checked: true };
      }),
      handle(listsApi.addItem, async ({ request }) => {
        sent.adds.push(await request.json());
        return makeItem(EGGS_ID, 'Eggs');
      }),
    );
    const view = render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[`/u/lists/${LIST_ID}/shop`]}>
          <Routes>
            <Route path="/u/lists/:id/shop" element={<ShopPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(request).toHaveBeenCalledWith('screen'));
    expect(within(screen.getByRole('region', { name: 'Trip total' })).getByRole('status').textContent).toBe('All changes saved');

    await screen.findByRole('region', { name: 'Shop at FreshMart' });
    await waitFor(() => expect(sent.reads).toBeGreaterThan(0));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Milk' }));
    await waitFor(() => expect(sent.patches).toEqual([{ itemId: MILK_ID, body: { is_checked: true, checked_at_store_id: STORE_ID } }]));

    await userEvent.type(screen.getByRole('textbox', { name: 'Add an item' }), 'Eggs');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent.adds).toMatchObject([{ name: 'Eggs' }]));

    view.unmount();
    expect(release).toHaveBeenCalled();
    Reflect.deleteProperty(navigator, 'wakeLock');
  });
});
