import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storesApi } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { handle, server } from '../../test/contract-handlers';
import { ReceiptForm } from './receipt-form';
import { createEmptyValues } from './receipt-form-values';

function renderForm() {
  const onSubmit = vi.fn();
  server.use(handle(storesApi.list, () => ({ items: [] })));
  renderPage(<ReceiptForm initialValues={createEmptyValues('2026-11-01')} submitLabel="Save receipt" isBusy={false} onSubmit={onSubmit} />);
  return onSubmit;
}

describe('ReceiptForm', () => {
  it('shows each problem beside its field on Save and sends nothing', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Name of item 1'), 'Bread');
    await userEvent.type(screen.getByLabelText('Price of item 1'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save receipt' }));
    expect(await screen.findByText('Enter the store name')).toBeTruthy();
    expect(screen.getByText('Enter the price')).toBeTruthy();
    expect(screen.getByLabelText('Price of item 1').getAttribute('aria-invalid')).toBe('true');
    // The first problem, the store at the top, is where the cursor goes.
    expect(document.activeElement).toBe(screen.getByLabelText('Store'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the receipt parsed from what was typed, rows added with Add item included', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Store'), 'Corner Grocer');
    await userEvent.type(screen.getByLabelText('Name of item 1'), 'Bread');
    await userEvent.type(screen.getByLabelText('Price of item 1'), '2.50');
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    await userEvent.type(screen.getByLabelText('Name of item 2'), 'Milk');
    await userEvent.type(screen.getByLabelText('Price of item 2'), '$1,25');
    await userEvent.type(screen.getByLabelText('Total'), '3.75');
    expect(screen.getByText('Items, discounts and tax add up to the total ($3.75).')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save receipt' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      storeName: 'Corner Grocer',
      total: 3.75,
      items: [
        { name: 'Bread', price: 2.5 },
        { name: 'Milk', price: 1.25 },
      ],
    });
  });
});
