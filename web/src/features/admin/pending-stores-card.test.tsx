import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import { moderationApi } from '@cartwise/contracts';
import { handle, server } from '../../test/contract-handlers';
import { PendingStoresCard } from './pending-stores-card';

const corner = {
  id: '5a1e0000-0000-4000-8000-000000000001',
  name: 'Corner Grocer',
  address: '5 Elm St, Springfield',
  shopperCount: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('PendingStoresCard', () => {
  it('lists private stores and approves one, then reloads the queue without it', async () => {
    let pending = [corner];
    const calls: string[] = [];
    server.use(
      handle(moderationApi.stores, () => ({ items: pending })),
      handle(moderationApi.approveStore, ({ request }) => {
        calls.push(`POST ${new URL(request.url).pathname}`);
        pending = [];
        return { ...corner, shopperCount: 0 };
      }),
    );
    renderPage(<PendingStoresCard />, { path: '/admin/stores' });
    expect(await screen.findByText('Corner Grocer')).toBeTruthy();
    expect(screen.getByText('5 Elm St, Springfield')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Approve Corner Grocer' }));
    expect(await screen.findByText('No stores waiting for review')).toBeTruthy();
    expect(calls).toContain(`POST /api/admin/moderation/stores/${corner.id}/approve`);
    expect((await screen.findAllByText('Corner Grocer is public')).length).toBeGreaterThan(0);
  });
});
