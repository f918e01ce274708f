import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogueAdminApi, type TCatalogueChange } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { handle, server } from '../../test/contract-handlers';
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
    server.use(
      handle(catalogueAdminApi.reject, ({ request }) => {
        calls.push(`POST ${new URL(request.url).pathname}`);
        pending = [];
        return { ...relink, status: 'rejected', decidedHow: 'operator', decidedAt: '2026-11-21T10:00:00.000Z' };
      }),
      handle(catalogueAdminApi.changes, ({ query }) =>
        query.view === 'recent'
          ? { items: [{ ...relink, status: 'approved', decidedHow: 'agreement', agreeingUsers: 3, decidedAt: '2026-11-21T10:00:00.000Z' }] }
          : { items: pending },
      ),
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
