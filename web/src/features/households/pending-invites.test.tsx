import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import { householdsApi } from '@cartwise/contracts';
import { handle, server } from '../../test/contract-handlers';
import HouseholdPage from './household-page';

const HOUSEHOLD_ID = '6f0c1c1e-8a7b-4a44-9a8e-3f2b1c0d9e8f';

function buildHousehold(role: 'owner' | 'member') {
  return {
    id: HOUSEHOLD_ID,
    name: 'Maple Street',
    ownerId: 'u1',
    role,
    members: [{ userId: 'u1', name: 'Olive', role: 'owner' as const, joinedAt: '2026-11-26T00:00:00.000Z' }],
    createdAt: '2026-11-26T00:00:00.000Z',
  };
}

const invite = {
  code: 'K7QM2XPA',
  url: `http://localhost/u/settings/household?code=K7QM2XPA`,
  expiresAt: '2026-12-03T00:00:00.000Z',
  maxUses: 2,
  uses: 1,
  createdBy: { userId: 'u2', name: 'Mo' },
  createdAt: '2026-11-26T00:00:00.000Z',
};

function stubApi(role: 'owner' | 'member') {
  let pending = [invite];
  const calls: string[] = [];
  server.use(
    handle(householdsApi.revokeInvite, ({ request }) => {
      calls.push(`DELETE ${new URL(request.url).pathname}`);
      pending = [];
    }),
    handle(householdsApi.listInvites, ({ request }) => {
      calls.push(`GET ${new URL(request.url).pathname}`);
      return { items: pending };
    }),
    handle(householdsApi.list, () => ({ items: [buildHousehold(role)] })),
  );
  return calls;
}

describe('pending invites on the household page', () => {
  it('lists the codes waiting to be used and revokes one', async () => {
    const calls = stubApi('owner');
    renderPage(<HouseholdPage />, { path: '/u/settings/household' });
    expect(await screen.findByRole('heading', { name: 'Pending invites' })).toBeTruthy();
    expect(screen.getByText(/by Mo, 1 of 2 used/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke invite K7QM2XPA' }));
    expect(await screen.findByText('No invite codes are waiting to be used.')).toBeTruthy();
    expect(calls).toContain(`DELETE /api/households/${HOUSEHOLD_ID}/invites/K7QM2XPA`);
  });

  it('shows no invites to a member who is not the owner', async () => {
    const calls = stubApi('member');
    renderPage(<HouseholdPage />, { path: '/u/settings/household' });
    expect(await screen.findByRole('heading', { name: 'Maple Street' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Pending invites' })).toBeNull();
    expect(calls.some((call) => call.endsWith('/invites'))).toBe(false);
  });
});
