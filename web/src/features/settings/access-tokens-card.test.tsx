import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TApiToken } from '@cartwise/contracts';
import { buildFakeAuth, renderPage } from '../../test/render-with-providers';
import { buildJsonResponse } from '../../test/json-response';
import { AccessTokensCard } from './access-tokens-card';

const EXISTING: TApiToken = {
  id: 'a6b2c1d0-0000-4000-8000-000000000001',
  name: 'Old script',
  prefix: 'cw_abc123',
  created_at: '2026-11-01T10:00:00.000Z',
  last_used_at: null,
  scopes: ['read', 'write'],
};
const CREATED: TApiToken = {
  id: 'a6b2c1d0-0000-4000-8000-000000000002',
  name: 'Home Assistant',
  prefix: 'cw_XyZ987',
  created_at: '2026-11-25T10:00:00.000Z',
  last_used_at: null,
  scopes: ['read'],
};
const SECRET = 'cw_XyZ987secretsecretsecretsecretsecretsecret1';

function stubApi() {
  let tokens = [EXISTING];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST') {
      tokens = [CREATED, ...tokens];
      return buildJsonResponse({ token: CREATED, secret: SECRET }, 201);
    }
    if (init?.method === 'DELETE') {
      tokens = tokens.filter((t) => !url.endsWith(t.id));
      return new Response(null, { status: 204 });
    }
    return buildJsonResponse({ tokens });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('AccessTokensCard', () => {
  it('shows a new token once, named as typed, then lists it without the secret', async () => {
    const fetchMock = stubApi();
    renderPage(<AccessTokensCard />, { path: '/u/settings/security' });
    expect(await screen.findByText('Old script')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /Token name/ }), 'Home Assistant');
    // A shopper chooses read and write; the admin scope is not offered.
    expect(screen.queryByRole('checkbox', { name: 'Admin' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Write' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create a token' }));
    expect((await screen.findByLabelText('New access token')).textContent).toBe(SECRET);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Home Assistant', scopes: ['read'] });
    expect(await screen.findByText('Home Assistant')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('revokes a token', async () => {
    const fetchMock = stubApi();
    renderPage(<AccessTokensCard />, { path: '/u/settings/security' });
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Old script' }));
    await waitFor(() => expect(screen.queryByText('Old script')).toBeNull());
    expect(
      fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url) === `/api/settings/tokens/${EXISTING.id}`),
    ).toBe(true);
  });

  it('offers an operator the admin scope', async () => {
    stubApi();
    renderPage(<AccessTokensCard />, { path: '/u/settings/security', auth: buildFakeAuth({ isAdmin: true }) });
    expect(await screen.findByRole('checkbox', { name: 'Admin' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Read' }) as HTMLInputElement).checked).toBe(true);
  });
});
