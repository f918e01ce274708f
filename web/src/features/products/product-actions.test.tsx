import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TProduct } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { buildJsonResponse } from '../../test/json-response';
import { ProductActions } from './product-actions';

const PRODUCT: TProduct = {
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Rolled oats',
  brand: null,
  sizeValue: null,
  sizeUnit: null,
  category: null,
  barcode: null,
};
const STORE_ID = '66666666-6666-4666-8666-666666666666';
const LIST_ID = '77777777-7777-4777-8777-777777777777';

function stubServer() {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url === '/api/lists' && (!init?.method || init.method === 'GET'))
      return buildJsonResponse({
        items: [
          {
            id: LIST_ID,
            name: 'Weekly',
            household_id: null,
            created_at: '2026-11-01T00:00:00Z',
            updated_at: '2026-11-01T00:00:00Z',
            item_count: 0,
            checked_count: 0,
          },
        ],
      });
    if (url === '/api/stores')
      return buildJsonResponse({
        items: [
          {
            id: STORE_ID,
            name: 'FreshMart Downtown',
            chain_id: 'ch-1',
            chain_name: 'FreshMart',
            address: null,
            source_ref: null,
            currency: 'USD',
            lat: null,
            lon: null,
            is_online: false,
          },
        ],
      });
    if (url.endsWith('/shelf-prices')) return buildJsonResponse({ id: 'r1', status: 'pending' }, 201);
    return buildJsonResponse(
      {
        id: 'i1',
        name: 'Rolled oats',
        note: '',
        quantity: 1,
        unit: null,
        product_id: PRODUCT.id,
        product_name: 'Rolled oats',
        category: null,
        accepts_substitutes: false,
        is_checked: false,
        position: 1,
      },
      201,
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function findBody(fetchMock: ReturnType<typeof stubServer>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([url, init]) => String(url) === path && init?.method === 'POST');
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('ProductActions', () => {
  it('adds the product, linked, to the list picked', async () => {
    const fetchMock = stubServer();
    renderPage(<ProductActions product={PRODUCT} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to list' }));
    await screen.findByRole('option', { name: 'Weekly' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Rolled oats' }));
    expect(await screen.findByText('Added to list')).toBeTruthy();
    expect(findBody(fetchMock, `/api/lists/${LIST_ID}/items`)).toEqual({ name: 'Rolled oats', product_id: PRODUCT.id });
  });

  it('sends the shelf price with the store and date, and checks the price first', async () => {
    const fetchMock = stubServer();
    renderPage(<ProductActions product={PRODUCT} />);
    await userEvent.click(screen.getByRole('button', { name: 'Enter the shelf price' }));
    await screen.findByRole('option', { name: 'FreshMart Downtown' });
    await userEvent.selectOptions(screen.getByLabelText('Store'), STORE_ID);
    await userEvent.type(screen.getByLabelText('Price'), 'cheap');
    await userEvent.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Enter the price on the shelf tag, e.g. 2.49')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Price'));
    await userEvent.type(screen.getByLabelText('Price'), '2.49');
    await userEvent.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Shelf price saved')).toBeTruthy();
    const body = findBody(fetchMock, `/api/products/${PRODUCT.id}/shelf-prices`) as { storeId: string; price: number; observedOn: string };
    expect(body).toMatchObject({ storeId: STORE_ID, price: 2.49 });
    expect(body.observedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
