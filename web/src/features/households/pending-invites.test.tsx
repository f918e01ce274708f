import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import { buildJsonResponse } from '../../test/json-response';
import HouseholdPage from './household-page';

const HOUSEHOLD_ID = '6f0c1c1e-8a7b-4a44-9a8e-3f2b1c0d9e8f';

function buildHousehold(role: 'owner' | 'member') {
  return {
    id: HOUSEHOLD_ID,
    name: 'Maple Street',
    ownerId: 'u1',
    role,
    members: [{ userId: 'u1', name: 'Olive', role: 'owner', joinedAt: '2026-11-26T00:00:00.000Z' }],
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
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (init?.method === 'DELETE') {
      pending = [];
      return new Response(null, { status: 204 });
    }
    if (url.endsWith('/invites')) return buildJsonResponse({ items: pending });
    return buildJsonResponse({ items: [buildHousehold(role)] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('pending invites on the household page', () => {
  it('lists the codes waiting to be used and revokes one', async () => {
    const fetchMock = stubApi('owner');
    renderPage(<HouseholdPage />, { path: '/u/settings/household' });
    expect(await screen.findByRole('heading', { name: 'Pending invites' })).toBeTruthy();
    expect(screen.getByText(/by Mo, 1 of 2 used/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke invite K7QM2XPA' }));
    expect(await screen.findByText('No invite codes are waiting to be used.')).toBeTruthy();
    const revoke = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(revoke?.[0])).toBe(`/api/households/${HOUSEHOLD_ID}/invites/K7QM2XPA`);
  });

  it('shows no invites to a member who is not the owner', async () => {
    const fetchMock = stubApi('member');
    renderPage(<HouseholdPage />, { path: '/u/settings/household' });
    expect(await screen.findByRole('heading', { name: 'Maple Street' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Pending invites' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/invites'))).toBe(false);
  });
});
