import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCatalogueChange } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { buildJsonResponse } from '../../test/json-response';
import AdminCataloguePage from './admin-catalogue-page';

const relink: TCatalogueChange = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'alias',
  status: 'pending',
  productId: 'p-bleach',
  productName: 'Bleach 1L',
  alias: 'bananas',
  chainName: 'Northmart',
  barcode: null,
  previousProductName: null,
  agreeingUsers: 1,
  proposedBy: 'sam@example.com',
  decidedHow: null,
  decidedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('AdminCataloguePage', () => {
  it('lists pending changes, rejects one, and shows approved ones with Undo', async () => {
    let pending = [relink];
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const url = String(input);
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (init?.method === 'POST') {
          pending = [];
          return buildJsonResponse({ ...relink, status: 'rejected', decidedHow: 'operator', decidedAt: '2026-11-21T10:00:00.000Z' });
        }
        if (url.includes('view=recent'))
          return buildJsonResponse({
            items: [{ ...relink, status: 'approved', decidedHow: 'agreement', agreeingUsers: 3, decidedAt: '2026-11-21T10:00:00.000Z' }],
          });
        return buildJsonResponse({ items: pending });
      }),
    );
    renderPage(<AdminCataloguePage />, { path: '/admin/catalogue' });
    expect(await screen.findByText('“bananas” at Northmart is Bleach 1L')).toBeTruthy();
    expect(screen.getByText('sam@example.com')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reject “bananas” at Northmart is Bleach 1L' }));
    expect(await screen.findByText('No catalogue changes waiting for review')).toBeTruthy();
    expect(calls).toContain(`POST /api/admin/catalogue/changes/${relink.id}/reject`);

    await userEvent.click(screen.getByRole('tab', { name: 'Recently decided' }));
    expect(await screen.findByText('Approved by agreement')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Undo “bananas” at Northmart is Bleach 1L' })).toBeTruthy();
  });
});
