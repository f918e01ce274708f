import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { appConfigApi, dealsApi } from '@cartwise/contracts';
import { APP_CONFIG } from '../../test/api-fixtures';
import { handle, replyWith, server } from '../../test/contract-handlers';
import { SubmitDealDialog } from './submit-deal-dialog';

const STORE_ID = '0b7e3c55-2f59-4d43-9a36-2a4d4c1f8a11';
const PRODUCT_ID = '5d2f1a77-9c1e-4b7f-8e0a-6c3b2a1d0e99';

/** Answers the pickers; each submitted form's text fields are kept, and the server refuses it as told. */
function stubApi(refusal = replyWith(400, { error: 'validation_error', message: 'Refused' })) {
  const submitted: Record<string, FormDataEntryValue>[] = [];
  server.use(
    handle(appConfigApi.get, () => APP_CONFIG),
    handle(dealsApi.stores, () => ({
      items: [{ id: STORE_ID, name: 'FreshMart Downtown', chainName: 'FreshMart', city: 'Springfield' }],
    })),
    handle(dealsApi.products, () => ({ items: [{ id: PRODUCT_ID, name: 'Whole milk 1 gal', category: 'Dairy' }] })),
    handle(dealsApi.create, async ({ request }) => {
      submitted.push(Object.fromEntries((await request.formData()).entries()));
      return refusal;
    }),
  );
  return submitted;
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SubmitDealDialog isOpen onClose={() => undefined} />
    </QueryClientProvider>,
  );
  return screen.findByRole('dialog', { name: 'Submit Deal' });
}

async function pick(dialog: HTMLElement, field: RegExp, option: string) {
  await userEvent.click(within(dialog).getByRole('button', { name: field }));
  await userEvent.click(await within(dialog).findByRole('option', { name: option }));
}

// cmdk scrolls the active option into view; jsdom has no layout.
Element.prototype.scrollIntoView ??= () => undefined;

describe('SubmitDealDialog', () => {
  it('shows what is missing beside each field, focuses the first, and sends nothing', async () => {
    const submitted = stubApi();
    const dialog = await renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Description is required')).toBeTruthy();
    expect(within(dialog).getByText('Price is required')).toBeTruthy();
    expect(within(dialog).getByText('Store is required')).toBeTruthy();
    const title = within(dialog).getByLabelText('Title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(title);
    expect(
      within(dialog)
        .getByRole('button', { name: /^Store/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(submitted).toEqual([]);
  });

  it('checks the sale price against the original before sending', async () => {
    const submitted = stubApi();
    const dialog = await renderDialog();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Milk');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Shelf tag');
    await userEvent.type(within(dialog).getByLabelText('Price'), '5');
    await userEvent.type(within(dialog).getByLabelText('Original price (optional)'), '4');
    await pick(dialog, /^Store/, 'FreshMart Downtown, Springfield');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Sale price must not be above the original price')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Price'));
    expect(submitted).toEqual([]);
  });

  it('sends the chosen store and product, and keeps what was typed when the server refuses', async () => {
    const submitted = stubApi(
      replyWith(400, {
        error: 'validation_error',
        message: 'Check the highlighted fields',
        issues: [{ path: 'title', message: 'Title is too long' }],
      }),
    );
    const dialog = await renderDialog();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Whole milk');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Yellow tag');
    await userEvent.type(within(dialog).getByLabelText('Price'), '3.49');
    await pick(dialog, /^Store/, 'FreshMart Downtown, Springfield');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /^Product/ })).toBeTruthy());
    await pick(dialog, /^Product/, 'Whole milk 1 gal');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Check the highlighted fields')).toBeTruthy();
    expect(within(dialog).getByText('Title is too long')).toBeTruthy();
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Whole milk');
    expect((within(dialog).getByLabelText('Price') as HTMLInputElement).value).toBe('3.49');
    expect(submitted).toEqual([
      {
        title: 'Whole milk',
        description: 'Yellow tag',
        price: '3.49',
        storeId: STORE_ID,
        productId: PRODUCT_ID,
      },
    ]);
  });
});
