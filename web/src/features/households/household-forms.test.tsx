import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { buildFakeAuth, renderPage } from '../../test/render-with-providers';
import { householdsApi, type THousehold, type THouseholdInvite } from '@cartwise/contracts';
import { handle, replyError, replyNetworkError, server, type Reply } from '../../test/contract-handlers';
import HouseholdPage from './household-page';

const household: THousehold = {
  id: '6f0c1c1e-8a7b-4a44-9a8e-3f2b1c0d9e8f',
  name: 'Maple Street',
  ownerId: 'u1',
  role: 'owner',
  members: [],
  createdAt: '2026-11-26T00:00:00.000Z',
};

const INVITE: THouseholdInvite = {
  code: 'K7QM2XPA',
  url: 'http://localhost/join?code=K7QM2XPA',
  expiresAt: '2026-12-03T00:00:00.000Z',
  maxUses: 1,
  uses: 0,
};

/** Serves the shopper's households, each with no pending invites. */
function serveHouseholds(items: THousehold[]) {
  server.use(
    handle(householdsApi.list, () => ({ items })),
    handle(householdsApi.listInvites, () => ({ items: [] })),
  );
}

/** A shopper in no household; creates and joins are kept as sent and answered with `answer`. */
function stubApi(answer: THousehold | Reply) {
  const sent = { creates: [] as unknown[], joins: [] as unknown[] };
  serveHouseholds([]);
  server.use(
    handle(householdsApi.create, async ({ request }) => {
      sent.creates.push(await request.json());
      return answer;
    }),
    handle(householdsApi.join, async ({ request }) => {
      sent.joins.push(await request.json());
      return answer;
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('household create and join cards', () => {
  it('creates a household with the trimmed name and clears the field', async () => {
    const sent = stubApi(household);
    renderPage(<HouseholdPage />, { path: '/u/settings/household' });
    const name = await screen.findByLabelText('Household name');
    await userEvent.type(name, '  Maple Street ');
    await userEvent.click(screen.getByRole('button', { name: 'Create household' }));
    expect(await screen.findByText('Household created')).toBeTruthy();
    expect(sent.creates).toEqual([{ name: 'Maple Street' }]);
    await waitFor(() => expect((name as HTMLInputElement).value).toBe(''));
  });

  it('stops a blank name with the schema message before calling the server', async () => {
    const sent = stubApi(household);
    renderPage(<HouseholdPage />, { path: '/u/settings/household' });
    await userEvent.type(await screen.findByLabelText('Household name'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Create household' }));
    expect(await screen.findByText('Household name is required')).toBeTruthy();
    expect(sent.creates).toEqual([]);
  });

  it('says who invites to which household when opened from an invite link, and joins with one press', async () => {
    const sent = stubApi({ ...household, role: 'member' });
    const previewed: string[] = [];
    server.use(
      handle(householdsApi.invitePreview, ({ params }) => {
        previewed.push(params.code);
        return { householdName: 'Maple Street', inviterName: 'Olive Owner', expiresAt: '2026-12-03T00:00:00.000Z' };
      }),
    );
    renderPage(<HouseholdPage />, { path: '/u/settings/household?code=K7QM2XPA' });
    const invitation = await screen.findByText((_, element) => element?.textContent === 'Olive Owner invited you to Maple Street');
    expect(invitation.getAttribute('role')).toBe('status');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('You joined Maple Street')).toBeTruthy();
    expect(new Set(previewed)).toEqual(new Set(['K7QM2XPA']));
    expect(sent.joins).toEqual([{ code: 'K7QM2XPA' }]);
  });

  it('shows the server message when a code is refused and keeps the code', async () => {
    stubApi(replyError(404, 'Invite code not found', 'not_found'));
    server.use(handle(householdsApi.invitePreview, () => replyError(404, 'Invite code not found', 'not_found')));
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
  const withMembers: THousehold = {
    ...household,
    members: [member('u1', 'Ann', 'owner'), member('u2', 'Bob', 'member'), member('u3', 'Cy', 'member')],
  };

  it('keeps the invite busy while a member is removed at the same time, and marks only that member', async () => {
    let finishRemove: () => void = () => undefined;
    let finishInvite: (invite: THouseholdInvite) => void = () => undefined;
    const removed: { id: string; userId: string }[] = [];
    serveHouseholds([withMembers]);
    server.use(
      handle(householdsApi.removeMember, ({ params }) => {
        removed.push(params);
        return new Promise<void>((resolve) => (finishRemove = resolve));
      }),
      handle(householdsApi.createInvite, () => new Promise<THouseholdInvite>((resolve) => (finishInvite = resolve))),
    );
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
    finishRemove();
    expect(await screen.findByText('Bob removed')).toBeTruthy();
    expect(invite.getAttribute('aria-busy')).toBe('true');
    expect(removed).toEqual([{ id: household.id, userId: 'u2' }]);
    finishInvite(INVITE);
    expect(await screen.findByText('K7QM2XPA')).toBeTruthy();
  });

  it('holds a removal made offline and sends it once the connection is back, instead of failing', async () => {
    let removes = 0;
    serveHouseholds([withMembers]);
    server.use(
      handle(householdsApi.removeMember, () => {
        if (!onlineManager.isOnline()) return replyNetworkError();
        removes += 1;
      }),
    );
    renderPage(<HouseholdPage />, { path: '/u/settings/household', auth: buildFakeAuth({ user: { id: 'u1' } as never }) });
    await screen.findByText('Bob');
    act(() => onlineManager.setOnline(false));
    const [removeBob] = screen.getAllByRole('button', { name: 'Remove' });
    await userEvent.click(removeBob!);
    await waitFor(() => expect(removeBob!.getAttribute('aria-busy')).toBe('true'));
    expect(removes).toBe(0);
    expect(screen.queryByText('Failed to fetch')).toBeNull();
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Bob removed')).toBeTruthy();
    expect(removes).toBe(1);
  });

  it('shows why an invite failed, then the code once a second try succeeds', async () => {
    let isFailing = true;
    serveHouseholds([withMembers]);
    server.use(handle(householdsApi.createInvite, () => (isFailing ? replyError(429, 'Too many invites', 'rate_limited') : INVITE)));
    renderPage(<HouseholdPage />, { path: '/u/settings/household', auth: buildFakeAuth({ user: { id: 'u1' } as never }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    expect(await screen.findByText('Too many invites')).toBeTruthy();
    isFailing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Invite someone' }));
    expect(await screen.findByText('K7QM2XPA')).toBeTruthy();
    expect(await screen.findByText('Invite ready')).toBeTruthy();
  });
});
