import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import { householdsApi } from '@cartwise/contracts';
import { handle, server } from '../../test/contract-handlers';
import { PantryItemDialog } from './pantry-item-dialog';

function renderDialog() {
  server.use(handle(householdsApi.list, () => ({ items: [] })));
  const onSave = vi.fn();
  renderPage(<PantryItemDialog item={null} isBusy={false} error={null} onSave={onSave} onClose={() => undefined} />);
  return onSave;
}

describe('PantryItemDialog', () => {
  it('checks the fields with the pantry schema and sends nothing until they pass', async () => {
    const onSave = renderDialog();
    await userEvent.clear(screen.getByLabelText('Quantity'));
    await userEvent.type(screen.getByLabelText('Quantity'), '-2');
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect(await screen.findByText('Item name is required')).toBeTruthy();
    expect(screen.getByText('Quantity cannot be negative')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the trimmed name, the quantity as a number and no expiry date as null', async () => {
    const onSave = renderDialog();
    await userEvent.type(screen.getByLabelText('Name'), ' Rice ');
    await userEvent.clear(screen.getByLabelText('Quantity'));
    await userEvent.type(screen.getByLabelText('Quantity'), '2.5');
    await userEvent.type(screen.getByLabelText('Unit'), 'kg');
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Rice', qty: 2.5, unit: 'kg', expires_on: null }));
  });
});
