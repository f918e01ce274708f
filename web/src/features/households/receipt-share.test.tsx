import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { householdsApi, type THouseholdList } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { handle, server } from '../../test/contract-handlers';
import { ReceiptShare } from './receipt-share';

const RECEIPT = { id: '66666666-6666-4666-8666-666666666666', householdId: null };
const HOUSEHOLDS: THouseholdList = {
  items: [{ id: 'h1', name: 'Home', ownerId: 'u1', role: 'owner', members: [], createdAt: '2026-11-01T00:00:00.000Z' }],
};

describe('ReceiptShare', () => {
  it('holds the household card’s place with a skeleton while households load', async () => {
    let answer: (list: THouseholdList) => void = () => undefined;
    const households = new Promise<THouseholdList>((resolve) => (answer = resolve));
    server.use(handle(householdsApi.list, () => households));
    renderPage(<ReceiptShare receipt={RECEIPT} />);
    expect(screen.getByRole('status').textContent).toBe('Loading household sharing...');
    answer(HOUSEHOLDS);
    expect(await screen.findByRole('button', { name: 'Share with Home' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows nothing, not even the skeleton, for a shopper in no household', async () => {
    server.use(handle(householdsApi.list, () => ({ items: [] })));
    const { container } = renderPage(<ReceiptShare receipt={RECEIPT} />);
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(container.querySelector('.card')).toBeNull();
  });
});
