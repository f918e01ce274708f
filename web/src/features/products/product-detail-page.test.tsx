import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { productsApi, type TPriceObservation, type TProductHistory } from '@cartwise/contracts';
import { handle, server } from '../../test/contract-handlers';
import ProductDetailPage from './product-detail-page';
import { addDaysIso, getLocalTodayIso } from '@cartwise/contracts';

const PRODUCT_ID = '55555555-5555-4555-8555-555555555555';

function getDateDaysAgo(days: number): string {
  return addDaysIso(getLocalTodayIso(), -days);
}

// Eight prices over eight weeks, oldest first as the API sends them; the cheapest is neither the newest nor the oldest.
const PRICES = [3.1, 2.4, 3.6, 1.9, 2.8, 3.3, 2.2, 3.9];
const OBSERVATIONS: TPriceObservation[] = PRICES.map((unitPrice, index) => ({
  id: `o${index}`,
  storeId: 's1',
  storeName: index % 2 ? 'FreshMart' : 'Corner Grocer',
  date: getDateDaysAgo(7 * (PRICES.length - index)),
  unitPrice,
  isDeal: false,
  source: 'receipt',
  currency: 'USD',
  kind: 'regular',
  comparablePrice: null,
}));

const HISTORY: TProductHistory = {
  product: { id: PRODUCT_ID, name: 'Rolled oats', brand: null, sizeValue: null, sizeUnit: null, category: null, barcode: null },
  observations: OBSERVATIONS,
  // Cheapest latest price first, as the API sends them.
  stores: ['Corner Grocer', 'FreshMart', 'ValueGrocer', 'GreenLeaf'].map((storeName, index) => ({
    storeId: `s${index}`,
    storeName,
    storeRef: null,
    currency: 'USD',
    latestPrice: 2 + index,
    latestDate: getDateDaysAgo(7),
    lowestPrice: 1.5 + index,
    observationCount: 2,
  })),
  cheapestRecent: null,
};

function renderProduct(history: TProductHistory = HISTORY) {
  server.use(handle(productsApi.history, () => history));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/u/products/${PRODUCT_ID}`]}>
        <Routes>
          <Route path="/u/products/:id" element={<ProductDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function readListedPrices(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]!.textContent ?? '');
}

describe('ProductDetailPage', () => {
  it('lists the best few recent prices, cheapest first, then every price newest first on "Show all"', async () => {
    renderProduct();
    expect(await screen.findByRole('heading', { name: 'Best recent prices' })).toBeTruthy();
    const best = screen.getByRole('table', { name: 'Best recent prices (cheapest first)' });
    expect(readListedPrices(best)).toEqual(['$1.90', '$2.20', '$2.40', '$2.80', '$3.10']);

    fireEvent.click(screen.getByRole('button', { name: 'Show all 8 prices' }));
    expect(screen.getByRole('heading', { name: 'Every price' })).toBeTruthy();
    const every = screen.getByRole('table', { name: 'Every price (newest first)' });
    expect(readListedPrices(every)).toEqual(['$3.90', '$2.20', '$3.30', '$2.80', '$1.90', '$3.60', '$2.40', '$3.10']);

    fireEvent.click(screen.getByRole('button', { name: 'Show the best prices only' }));
    expect(screen.getByRole('table', { name: 'Best recent prices (cheapest first)' })).toBeTruthy();
  });

  it('lists the three cheapest stores under their own heading, then every store on "Show all"', async () => {
    renderProduct();
    expect(await screen.findByRole('heading', { name: 'By store' })).toBeTruthy();
    const readStoreRows = () =>
      within(screen.getByRole('table', { name: 'By store (cheapest latest price first)' }))
        .getAllByRole('row')
        .slice(1);
    expect(readStoreRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Corner Grocer',
      'FreshMart',
      'ValueGrocer',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 4 stores' }));
    expect(readStoreRows()).toHaveLength(4);
  });

  it('credits Open Prices (ODbL) only when its prices are shown, each price in its own currency', async () => {
    renderProduct();
    await screen.findByRole('table', { name: /Best recent prices/ });
    expect(screen.queryByRole('link', { name: 'Prices from Open Prices (ODbL)' })).toBeNull();
    cleanup();
    const fromOpenPrices = OBSERVATIONS.map((observation) => ({ ...observation, source: 'open-prices', currency: 'NOK' }));
    renderProduct({ ...HISTORY, observations: fromOpenPrices });
    const credit = await screen.findByRole('link', { name: 'Prices from Open Prices (ODbL)' });
    expect(credit.getAttribute('href')).toBe('https://prices.openfoodfacts.org');
    expect(readListedPrices(screen.getByRole('table', { name: /Best recent prices/ })).every((text) => text.includes('NOK'))).toBe(true);
  });
});
