import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TListItem } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { ListItemDialog } from './list-item-dialog';

const ITEM: TListItem = {
  id: 'item-1',
  name: 'Bread',
  note: '',
  quantity: 1,
  unit: null,
  product_id: null,
  product_name: null,
  category: null,
  accepts_substitutes: true,
  is_checked: false,
  position: 0,
};

function renderDialog() {
  const onSave = vi.fn();
  renderPage(
    <ListItemDialog item={ITEM} isBusy={false} error={null} onSave={onSave} onRemove={() => undefined} onClose={() => undefined} />,
  );
  return onSave;
}

describe('ListItemDialog', () => {
  it('checks the fields with the list item schema and sends nothing until they pass', async () => {
    const onSave = renderDialog();
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.clear(screen.getByLabelText('Quantity'));
    await userEvent.type(screen.getByLabelText('Quantity'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Item name is required')).toBeTruthy();
    expect(screen.getByText('Quantity must be more than 0')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the trimmed fields, the quantity as a number and an empty unit as null', async () => {
    const onSave = renderDialog();
    await userEvent.type(screen.getByLabelText('Note'), ' Sourdough ');
    await userEvent.clear(screen.getByLabelText('Quantity'));
    await userEvent.type(screen.getByLabelText('Quantity'), '2');
    await userEvent.click(screen.getByLabelText('Substitutes are fine'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: 'Bread',
        note: 'Sourdough',
        quantity: 2,
        unit: null,
        accepts_substitutes: false,
        product_id: null,
      }),
    );
  });
});
