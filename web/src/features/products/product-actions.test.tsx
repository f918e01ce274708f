import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listsApi, shelfPricesApi, storesApi, type TProduct } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { handle, server } from '../../test/contract-handlers';
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

/** Serves one list and one store; each item added and each shelf price reported is kept as sent, with its ids. */
function stubServer() {
  const sent = { items: [] as { listId: string; body: unknown }[], shelfPrices: [] as { productId: string; body: unknown }[] };
  server.use(
    handle(listsApi.list, () => ({
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
    })),
    handle(storesApi.list, () => ({
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
    })),
    handle(shelfPricesApi.report, async ({ params, request }) => {
      sent.shelfPrices.push({ productId: params.id, body: await request.json() });
      return { id: 'r1', status: 'pending' };
    }),
    handle(listsApi.addItem, async ({ params, request }) => {
      sent.items.push({ listId: params.id, body: await request.json() });
      return {
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
      };
    }),
  );
  return sent;
}

describe('ProductActions', () => {
  it('adds the product, linked, to the list picked', async () => {
    const sent = stubServer();
    renderPage(<ProductActions product={PRODUCT} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to list' }));
    await screen.findByRole('option', { name: 'Weekly' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Rolled oats' }));
    expect(await screen.findByText('Added to list')).toBeTruthy();
    expect(sent.items).toEqual([{ listId: LIST_ID, body: { name: 'Rolled oats', product_id: PRODUCT.id } }]);
  });

  it('sends the shelf price with the store and date, and checks the price first', async () => {
    const sent = stubServer();
    renderPage(<ProductActions product={PRODUCT} />);
    await userEvent.click(screen.getByRole('button', { name: 'Enter the shelf price' }));
    await screen.findByRole('option', { name: 'FreshMart Downtown' });
    await userEvent.selectOptions(screen.getByLabelText('Store'), STORE_ID);
    // The price is read in the shopper's currency, and the field says which.
    expect(screen.getByText('Per item in USD, as on the tag')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Price'), 'cheap');
    await userEvent.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Enter the price on the shelf tag, e.g. 2.49')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Price'));
    await userEvent.type(screen.getByLabelText('Price'), '2.49');
    await userEvent.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Shelf price saved')).toBeTruthy();
    expect(sent.shelfPrices).toEqual([
      {
        productId: PRODUCT.id,
        body: { storeId: STORE_ID, price: 2.49, observedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown },
      },
    ]);
  });
});
