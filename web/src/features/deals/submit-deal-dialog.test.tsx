import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TAppConfig } from '@cartwise/contracts';
import { SubmitDealDialog } from './submit-deal-dialog';

const STORE_ID = '0b7e3c55-2f59-4d43-9a36-2a4d4c1f8a11';
const PRODUCT_ID = '5d2f1a77-9c1e-4b7f-8e0a-6c3b2a1d0e99';
const config: TAppConfig = {
  billing: { isEnabled: false },
  features: { receiptOcr: true, dealSubmissions: true, splitCart: true, dealAlertEmails: true },
  limits: { maxReceiptUploadMb: 15, dealSubmissionsPerDay: 10 },
};

function mockApi(onPost: () => Response) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (init?.method === 'POST') return onPost();
    if (url.pathname === '/api/app-config') return Response.json(config);
    if (url.pathname === '/api/deals/stores')
      return Response.json({ items: [{ id: STORE_ID, name: 'FreshMart Downtown', chainName: 'FreshMart', city: 'Springfield' }] });
    return Response.json({ items: [{ id: PRODUCT_ID, name: 'Whole milk 1 gal', category: 'Dairy' }] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
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

afterEach(() => vi.unstubAllGlobals());

describe('SubmitDealDialog', () => {
  it('shows what is missing beside each field, focuses the first, and sends nothing', async () => {
    const fetchMock = mockApi(() => Response.json({}, { status: 201 }));
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
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('checks the sale price against the original before sending', async () => {
    const fetchMock = mockApi(() => Response.json({}, { status: 201 }));
    const dialog = await renderDialog();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Milk');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Shelf tag');
    await userEvent.type(within(dialog).getByLabelText('Price'), '5');
    await userEvent.type(within(dialog).getByLabelText('Original price (optional)'), '4');
    await pick(dialog, /^Store/, 'FreshMart Downtown, Springfield');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Sale price must not be above the original price')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Price'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends the chosen store and product, and keeps what was typed when the server refuses', async () => {
    const fetchMock = mockApi(() =>
      Response.json(
        { error: 'validation_error', message: 'Check the highlighted fields', issues: [{ path: 'title', message: 'Title is too long' }] },
        { status: 400 },
      ),
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
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const sent = post?.[1]?.body as FormData;
    expect(Object.fromEntries(sent.entries())).toEqual({
      title: 'Whole milk',
      description: 'Yellow tag',
      price: '3.49',
      storeId: STORE_ID,
      productId: PRODUCT_ID,
    });
  });
});
