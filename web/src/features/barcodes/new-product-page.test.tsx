import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import { buildJsonResponse } from '../../test/json-response';
import NewProductPage from './new-product-page';

const PRODUCT = { id: 'p-1', name: 'Granola', brand: null, category: null, sizeValue: 500, sizeUnit: 'g', barcode: '4006381333931' };

function renderForm() {
  const fetchMock = vi.fn<typeof fetch>(async () => buildJsonResponse(PRODUCT, 201));
  vi.stubGlobal('fetch', fetchMock);
  renderPage(<NewProductPage />, {
    path: '/u/products/new?barcode=4006381333931&returnTo=/u/check-price',
    markers: { '/u/products/:id': 'Product page' },
  });
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof renderForm>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

afterEach(() => vi.unstubAllGlobals());

describe('NewProductPage', () => {
  it('checks the fields with the product contract and sends nothing until they pass', async () => {
    const fetchMock = renderForm();
    await userEvent.type(screen.getByLabelText('Size'), '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Enter a product name')).toBeTruthy();
    expect(screen.getByText('Size must be positive')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Product name'));
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('sends the typed product with empty fields as null and no unit without a size', async () => {
    const fetchMock = renderForm();
    await userEvent.type(screen.getByLabelText('Product name'), ' Granola ');
    await userEvent.selectOptions(screen.getByLabelText('Unit'), 'g');
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const body = JSON.parse(String(posts(fetchMock)[0]![1]!.body)) as Record<string, unknown>;
    expect(body).toEqual({ barcode: '4006381333931', name: 'Granola', brand: null, sizeValue: null, sizeUnit: null, category: null });
  });
});
