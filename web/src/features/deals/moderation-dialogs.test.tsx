import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TModerationDeal } from '@cartwise/contracts';
import { EditDealDialog, RejectDialog } from './moderation-dialogs';

const deal: TModerationDeal = {
  id: '3f9d0a61-4c2b-4e7a-9b1d-8e5f6a7b8c9d',
  productName: 'Whole milk',
  description: 'Yellow tag',
  originalPrice: 4,
  salePrice: 3,
  percentOff: 25,
  startDate: null,
  endDate: '2026-11-30',
  store: null,
  productId: null,
  category: null,
  status: 'pending',
  rejectionReason: null,
  isMine: false,
  photoUrl: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  submitterEmail: 'spotter@example.com',
  isPossibleDuplicate: false,
};

describe('RejectDialog', () => {
  it('asks for a reason beside the field instead of rejecting with a blank one', async () => {
    const onReject = vi.fn();
    render(<RejectDialog count={1} isOpen isBusy={false} error={null} onClose={() => undefined} onReject={onReject} />);
    const dialog = screen.getByRole('dialog', { name: 'Reject deal' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('A reason is required')).toBeTruthy();
    expect(within(dialog).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(onReject).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText('Reason'), ' No photo ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(onReject).toHaveBeenCalledWith('No photo');
  });
});

describe('EditDealDialog', () => {
  it('checks the edited prices with the API rules and says which button was used', async () => {
    const onSave = vi.fn();
    render(<EditDealDialog deal={deal} isBusy={false} error={null} onClose={() => undefined} onSave={onSave} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit deal' });
    const price = within(dialog).getByLabelText('Price');
    await userEvent.clear(price);
    await userEvent.type(price, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and approve' }));
    expect(await within(dialog).findByText('Sale price must not be above the original price')).toBeTruthy();
    expect(document.activeElement).toBe(price);
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.clear(within(dialog).getByLabelText('Original price'));
    await userEvent.type(within(dialog).getByLabelText('Category'), ' Dairy ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and approve' }));
    expect(onSave).toHaveBeenCalledWith(
      { title: 'Whole milk', description: 'Yellow tag', price: 5, originalPrice: null, endDate: '2026-11-30', category: 'Dairy' },
      true,
    );
  });
});
