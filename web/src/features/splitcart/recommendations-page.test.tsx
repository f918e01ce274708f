import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { listsApi, productsApi, splitCartApi, storesApi, type TProduct, type TRecommendationPlan } from '@cartwise/contracts';
import { handle, replyError, server, type Reply } from '../../test/contract-handlers';
import RecommendationsPage from './recommendations-page';

const LIST_ID = '11111111-1111-4111-8111-111111111111';
const ITEM_ID = '22222222-2222-4222-8222-222222222222';
const PRODUCT_ID = '33333333-3333-4333-8333-333333333333';

/** Answers the plan (each read counted) and the stores; each plan used is kept with the query it was sent with. */
function servePlan(answer: TRecommendationPlan | Reply | (() => TRecommendationPlan)) {
  const sent = { planReads: 0, usedQueries: [] as URLSearchParams[] };
  server.use(
    handle(storesApi.list, () => ({ items: [] })),
    handle(splitCartApi.recommendations, () => {
      sent.planReads += 1;
      return typeof answer === 'function' ? answer() : answer;
    }),
    handle(splitCartApi.usePlan, ({ request }) => {
      sent.usedQueries.push(new URL(request.url).searchParams);
      return {
        id: 'p1',
        listId: LIST_ID,
        usedOn: '2026-11-22',
        totalCents: 100,
        usualStoreName: null,
        usualTotalCents: 100,
        savingsCents: 0,
      };
    }),
  );
  return sent;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/u/lists/${LIST_ID}/recommendations`]}>
        <Routes>
          <Route path="/u/lists/:id/recommendations" element={<RecommendationsPage />} />
          <Route path="/u/lists/:id/shop" element={<p>Shop mode</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RecommendationsPage', () => {
  it('says plainly that store suggestions are turned off, with the way back to the list, instead of an error', async () => {
    const message = 'Split-cart recommendations are turned off for now. Your list still works as usual.';
    servePlan(replyError(403, message, 'feature_disabled'));
    renderPage();
    expect(await screen.findByText('Store suggestions are turned off')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your list' }).getAttribute('href')).toBe(`/u/lists/${LIST_ID}`);
    expect(screen.queryByText('Could not plan this list')).toBeNull();
  });

  it('still shows a failure as a failure', async () => {
    servePlan(replyError(404, 'List not found', 'not_found'));
    renderPage();
    expect(await screen.findByText('Could not plan this list')).toBeTruthy();
    expect(screen.getByText('List not found')).toBeTruthy();
    expect(screen.queryByText('Store suggestions are turned off')).toBeNull();
  });

  it('says when a plan is the best found rather than proven cheapest, and how low the cheapest could be', async () => {
    servePlan(buildPlan({ isProven: false, proofGapCents: 350, totalCents: 10_000 }));
    renderPage();
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('not one proven cheapest');
    expect(note.textContent).toContain('No plan costs less than $96.50');
  });

  it('adds no such note to a proven plan', async () => {
    servePlan(buildPlan({ isProven: true, proofGapCents: 0, totalCents: 10_000 }));
    renderPage();
    expect(await screen.findByText('Best plan')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('Promotions in the plan', () => {
  it("shows each line's promotion, what each stop's promotions saved and what one more unit would save, in the plan's currency", async () => {
    const store = { id: 's1', name: 'Shufersal Online', chainName: 'Shufersal', address: '', isHome: false };
    const promotion = { id: 'promo-1', description: '3 yogurts for 10.00' };
    const line = {
      itemId: ITEM_ID,
      name: 'yogurt',
      quantity: 2,
      unit: null,
      productId: PRODUCT_ID,
      productName: 'Strawberry yogurt',
      lineCents: 667,
      packagePriceCents: 490,
      packageLabel: null,
      isDeal: false,
      observedOn: '2026-11-22',
      ageDays: 0,
      isStale: false,
      category: null,
      alternatives: [],
      promotion,
      promotionSavedCents: 313,
      packs: null,
      comparedUnitPrice: null,
    };
    const suggestion = { itemId: ITEM_ID, productName: 'Strawberry yogurt', promotion, addUnits: 1, savesCents: 490 };
    const stop = { store, lines: [line], itemsCents: 667, tripCostCents: 0, promotionSavingsCents: 313, suggestions: [suggestion] };
    servePlan(buildPlan({ currency: 'ILS', stops: [stop], itemsCents: 667, totalCents: 667 }));
    renderPage();
    const card = await screen.findByRole('region', { name: 'Buy at Shufersal Online' });
    expect(within(card).getByText('3 yogurts for 10.00').closest('li')?.textContent).toContain('yogurt as Strawberry yogurt');
    expect(card.textContent).toContain('saves ₪3.13');
    expect(card.textContent).toContain('Promotions saved ₪3.13 here');
    const tips = within(card).getByRole('list', { name: 'Ways to save more at Shufersal Online' });
    expect(tips.textContent).toContain('Add 1 more: saves ₪4.90');
    expect(tips.textContent).toContain('Strawberry yogurt · 3 yogurts for 10.00');
    expect(screen.getByText(/Promotions take/).textContent).toContain('₪3.13');
  });
});

describe('Generic items in the plan', () => {
  it('shows the whole packs a generic item buys and the unit price the plan compared', async () => {
    const store = { id: 's1', name: 'North', chainName: null, address: '', isHome: false };
    const line = {
      itemId: ITEM_ID,
      name: 'milk 1 L',
      quantity: 2,
      unit: null,
      productId: 'p2',
      productName: 'Milk 2 L',
      lineCents: 320,
      packagePriceCents: 320,
      packageLabel: '2 l',
      isDeal: false,
      observedOn: '2026-11-22',
      ageDays: 0,
      isStale: false,
      category: 'Dairy',
      alternatives: [],
      promotion: null,
      promotionSavedCents: 0,
      packs: 1,
      comparedUnitPrice: { cents: 160, per: 'L' as const },
    };
    const stop = { store, lines: [line], itemsCents: 320, tripCostCents: 0, promotionSavingsCents: 0, suggestions: [] };
    servePlan(buildPlan({ stops: [stop], itemsCents: 320, totalCents: 320 }));
    renderPage();
    const card = await screen.findByRole('region', { name: 'Buy at North' });
    expect(card.textContent).toContain('buy 1 × 2 l');
    expect(card.textContent).toContain('$1.60 / L');
  });
});

describe('Linking an unpriced item from the plan', () => {
  it('offers Link on each unpriced row, links the pick and plans again', async () => {
    const chicken: TProduct = {
      id: PRODUCT_ID,
      name: 'Boneless Chicken Breast',
      brand: null,
      category: null,
      sizeValue: null,
      sizeUnit: null,
      barcode: null,
    };
    const plans = [buildPlan({ unpriced: [{ itemId: ITEM_ID, name: 'chicken', reason: 'no-product' }] }), buildPlan({ unpriced: [] })];
    const sent = servePlan(() => plans[Math.min(sent.planReads - 1, 1)]!);
    const patches: { itemId: string; body: unknown }[] = [];
    server.use(
      handle(productsApi.search, () => ({ products: [chicken] })),
      handle(listsApi.updateItem, async ({ params, request }) => {
        patches.push({ itemId: params.itemId, body: await request.json() });
        const item = {
          id: ITEM_ID,
          name: 'chicken',
          note: '',
          quantity: 1,
          unit: null,
          product_id: PRODUCT_ID,
          product_name: chicken.name,
        };
        return { ...item, category: null, accepts_substitutes: false, is_checked: false, position: 0 };
      }),
    );
    renderPage();
    expect(await screen.findByText('not linked to a product')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Link chicken' }));
    await userEvent.click(await screen.findByRole('option', { name: /Boneless Chicken Breast/ }));
    await waitFor(() => expect(patches).toEqual([{ itemId: ITEM_ID, body: { product_id: PRODUCT_ID } }]));
    await waitFor(() => expect(screen.queryByText('not linked to a product')).toBeNull());
    expect(sent.planReads).toBe(2);
  });
});

describe('Starting to shop', () => {
  it('records the plan with the same inputs so the dashboard counts its saving, and opens shop mode', async () => {
    const store = { id: 's1', name: 'South', chainName: null, address: '', isHome: true };
    const sent = servePlan(
      buildPlan({ stops: [{ store, lines: [], itemsCents: 10_000, tripCostCents: 300, promotionSavingsCents: 0, suggestions: [] }] }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('link', { name: 'Start shopping' }));
    expect(await screen.findByText('Shop mode')).toBeTruthy();
    await waitFor(() => expect(sent.usedQueries).toHaveLength(1));
    expect(sent.usedQueries[0]!.get('maxStores')).toBe('any');
  });
});

function buildPlan(overrides: Partial<TRecommendationPlan>): TRecommendationPlan {
  return {
    listId: LIST_ID,
    listName: 'Weekly',
    date: '2026-11-22',
    candidateStores: [],
    tripCostCents: 300,
    maxStores: null,
    staleDays: 30,
    includeStale: true,
    isFeasible: true,
    stops: [],
    itemsCents: 10_000,
    tripCostsCents: 0,
    totalCents: 10_000,
    bestSingleStore: null,
    usualStore: null,
    savingsVsBestSingleCents: null,
    savingsVsUsualCents: null,
    unpriced: [],
    oldestPriceDays: null,
    solverMs: 2000,
    isProven: true,
    proofGapCents: 0,
    ...overrides,
  };
}
