import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
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

afterEach(() => vi.unstubAllGlobals());

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
