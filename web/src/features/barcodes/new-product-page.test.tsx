import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import { productsApi } from '@cartwise/contracts';
import { handle, server } from '../../test/contract-handlers';
import NewProductPage from './new-product-page';

const PRODUCT = { id: 'p-1', name: 'Granola', brand: null, category: null, sizeValue: 500, sizeUnit: 'g', barcode: '4006381333931' };

function renderForm() {
  const posts: unknown[] = [];
  server.use(
    handle(productsApi.create, async ({ request }) => {
      posts.push(await request.json());
      return PRODUCT;
    }),
  );
  renderPage(<NewProductPage />, {
    path: '/u/products/new?barcode=4006381333931&returnTo=/u/check-price',
    markers: { '/u/products/:id': 'Product page' },
  });
  return posts;
}

describe('NewProductPage', () => {
  it('checks the fields with the product contract and sends nothing until they pass', async () => {
    const posts = renderForm();
    await userEvent.type(screen.getByLabelText('Size'), '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Enter a product name')).toBeTruthy();
    expect(screen.getByText('Size must be positive')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Product name'));
    expect(posts).toHaveLength(0);
  });

  it('sends the typed product with empty fields as null and no unit without a size', async () => {
    const posts = renderForm();
    await userEvent.type(screen.getByLabelText('Product name'), ' Granola ');
    await userEvent.selectOptions(screen.getByLabelText('Unit'), 'g');
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ barcode: '4006381333931', name: 'Granola', brand: null, sizeValue: null, sizeUnit: null, category: null });
  });
});
