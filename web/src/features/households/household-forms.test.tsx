import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { buildFakeAuth, renderPage } from '../../test/render-with-providers';
import { buildJsonResponse } from '../../test/json-response';
import HouseholdPage from './household-page';

const household = {
  id: '6f0c1c1e-8a7b-4a44-9a8e-3f2b1c0d9e8f',
  name: 'Maple Street',
  ownerId: 'u1',
  role: 'owner',
  members: [],
  createdAt: '2026-11-26T00:00:00.000Z',
};

function stubApi(onPost: (url: string, body: unknown) => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    if (!init?.method || init.method === 'GET') return buildJsonResponse({ items: [] });
    return onPost(String(input), JSON.parse(String(init.body)));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('household create and join cards', () => {
  it('creates a household with the trimmed name and clears the field', async () => {
    const fetchMock = stubApi(() => buildJsonResponse(household, 201));
    renderPage(<HouseholdPage />, { path: '/u/settings/household' });
    const name = await screen.findByLabelText('Household name');
    await userEvent.type(name, '  Maple Street ');
    await userEvent.click(screen.getByRole('button', { name: 'Create household' }));
    expect(await screen.findByText('Household created')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/households');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Maple Street' });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe(''));
  });

  it('stops a blank name with the schema message before calling the server', async () => {
    const fetchMock = stubApi(() => buildJsonResponse(household, 201));
    renderPage(<HouseholdPage />, { path: '/u/settings/household' });
    await userEvent.type(await screen.findByLabelText('Household name'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Create household' }));
    expect(await screen.findByText('Household name is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('says who invites to which household when opened from an invite link, and joins with one press', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST') return buildJsonResponse({ ...household, role: 'member' });
      if (url === '/api/households/join/K7QM2XPA') {
        return buildJsonResponse({ householdName: 'Maple Street', inviterName: 'Olive Owner', expiresAt: '2026-12-03T00:00:00.000Z' });
      }
      return buildJsonResponse({ items: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<HouseholdPage />, { path: '/u/settings/household?code=K7QM2XPA' });
    const invitation = await screen.findByText((_, element) => element?.textContent === 'Olive Owner invited you to Maple Street');
    expect(invitation.getAttribute('role')).toBe('status');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('You joined Maple Street')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/households/join');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ code: 'K7QM2XPA' });
  });

  it('shows the server message when a code is refused and keeps the code', async () => {
    stubApi(() => buildJsonResponse({ error: 'not_found', message: 'Invite code not found' }, 404));
    renderPage(<HouseholdPage />, { path: '/u/settings/household?code=K7QM2XPA' });
    const code = await screen.findByLabelText('Invite code');
    expect((code as HTMLInputElement).value).toBe('K7QM2XPA');
    await userEvent.click(screen.getByRole('button', { name: 'Join household' }));
    expect(await screen.findByText('Invite code not found')).toBeTruthy();
    expect((code as HTMLInputElement).value).toBe('K7QM2XPA');
  });
});

describe('household card actions', () => {
  const member = (userId: string, name: string, role: 'owner' | 'member') => ({ userId, name, role, joinedAt: '2026-11-26T00:00:00.000Z' });
  const withMembers = {
    ...household,
    members: [member('u1', 'Ann', 'owner'), member('u2', 'Bob', 'member'), member('u3', 'Cy', 'member')],
  };

  it('keeps the invite busy while a member is removed at the same time, and marks only that member', async () => {
    let finishRemove: (response: Response) => void = () => undefined;
    let finishInvite: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn<typeof fetch>(async (_input, init) => {
      if (init?.method === 'DELETE') return new Promise<Response>((resolve) => (finishRemove = resolve));
      if (init?.method === 'POST') return new Promise<Response>((resolve) => (finishInvite = resolve));
      return buildJsonResponse({ items: String(_input).endsWith('/invites') ? [] : [withMembers] });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<HouseholdPage />, { path: '/u/settings/household', auth: buildFakeAuth({ user: { id: 'u1' } as never }) });
    await screen.findByText('Bob');
    const invite = screen.getByRole('button', { name: 'Invite someone' });
    await userEvent.click(invite);
    await waitFor(() => expect(invite.getAttribute('aria-busy')).toBe('true'));
    const [removeBob, removeCy] = screen.getAllByRole('button', { name: 'Remove' });
    await userEvent.click(removeBob!);
    await waitFor(() => expect(removeBob!.getAttribute('aria-busy')).toBe('true'));
    expect(invite.getAttribute('aria-busy')).toBe('true');
    expect(removeCy!.getAttribute('aria-busy')).toBeNull();
    expect((screen.getByRole('button', { name: 'Leave household' }) as HTMLButtonElement).disabled).toBe(false);
    finishRemove(new Response(null, { status: 204 }));
    expect(await screen.findByText('Bob removed')).toBeTruthy();
    expect(invite.getAttribute('aria-busy')).toBe('true');
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(call?.[0]).toBe(`/api/households/${household.id}/members/u2`);
    finishInvite(
      buildJsonResponse(
        { code: 'K7QM2XPA', url: 'http://localhost/join?code=K7QM2XPA', expiresAt: '2026-12-03T00:00:00.000Z', maxUses: 1, uses: 0 },
        201,
      ),
    );
    expect(await screen.findByText('K7QM2XPA')).toBeTruthy();
  });

  it('holds a removal made offline and sends it once the connection is back, instead of failing', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (_input, init) => {
      if (!onlineManager.isOnline()) throw new TypeError('Failed to fetch');
      if (init?.method === 'DELETE') return new Response(null, { status: 204 });
      return buildJsonResponse({ items: String(_input).endsWith('/invites') ? [] : [withMembers] });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<HouseholdPage />, { path: '/u/settings/household', auth: buildFakeAuth({ user: { id: 'u1' } as never }) });
    await screen.findByText('Bob');
    act(() => onlineManager.setOnline(false));
    const [removeBob] = screen.getAllByRole('button', { name: 'Remove' });
    await userEvent.click(removeBob!);
    await waitFor(() => expect(removeBob!.getAttribute('aria-busy')).toBe('true'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    expect(screen.queryByText('Failed to fetch')).toBeNull();
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Bob removed')).toBeTruthy();
  });

  it('shows why an invite failed, then the code once a second try succeeds', async () => {
    let isFailing = true;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        if (init?.method !== 'POST') return buildJsonResponse({ items: String(input).endsWith('/invites') ? [] : [withMembers] });
        if (isFailing) return buildJsonResponse({ error: 'rate_limited', message: 'Too many invites' }, 429);
        return buildJsonResponse(
          { code: 'K7QM2XPA', url: 'http://localhost/join?code=K7QM2XPA', expiresAt: '2026-12-03T00:00:00.000Z', maxUses: 1, uses: 0 },
          201,
        );
      }),
    );
    renderPage(<HouseholdPage />, { path: '/u/settings/household', auth: buildFakeAuth({ user: { id: 'u1' } as never }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    expect(await screen.findByText('Too many invites')).toBeTruthy();
    isFailing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Invite someone' }));
    expect(await screen.findByText('K7QM2XPA')).toBeTruthy();
    expect(await screen.findByText('Invite ready')).toBeTruthy();
  });
});
