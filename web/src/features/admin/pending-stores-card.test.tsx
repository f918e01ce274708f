import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import { buildJsonResponse } from '../../test/json-response';
import { PendingStoresCard } from './pending-stores-card';

const corner = {
  id: 's1',
  name: 'Corner Grocer',
  address: '5 Elm St, Springfield',
  shopperCount: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('PendingStoresCard', () => {
  it('lists private stores and approves one, then reloads the queue without it', async () => {
    let pending = [corner];
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const url = String(input);
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (init?.method === 'POST') {
          pending = [];
          return buildJsonResponse({ ...corner, shopperCount: 0 });
        }
        return buildJsonResponse({ items: pending });
      }),
    );
    renderPage(<PendingStoresCard />, { path: '/admin/stores' });
    expect(await screen.findByText('Corner Grocer')).toBeTruthy();
    expect(screen.getByText('5 Elm St, Springfield')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Approve Corner Grocer' }));
    expect(await screen.findByText('No stores waiting for review')).toBeTruthy();
    expect(calls).toContain('POST /api/admin/moderation/stores/s1/approve');
    expect((await screen.findAllByText('Corner Grocer is public')).length).toBeGreaterThan(0);
  });
});
