import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiTokensApi, type TApiToken } from '@cartwise/contracts';
import { buildFakeAuth, renderPage } from '../../test/render-with-providers';
import { handle, server } from '../../test/contract-handlers';
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
  const sent = { created: [] as unknown[], revoked: [] as string[] };
  server.use(
    handle(apiTokensApi.create, async ({ request }) => {
      sent.created.push(await request.json());
      tokens = [CREATED, ...tokens];
      return { token: CREATED, secret: SECRET };
    }),
    handle(apiTokensApi.revoke, ({ params }) => {
      sent.revoked.push(params.id);
      tokens = tokens.filter((t) => t.id !== params.id);
    }),
    handle(apiTokensApi.list, () => ({ tokens })),
  );
  return sent;
}

describe('AccessTokensCard', () => {
  it('shows a new token once, named as typed, then lists it without the secret', async () => {
    const sent = stubApi();
    renderPage(<AccessTokensCard />, { path: '/u/settings/security' });
    expect(await screen.findByText('Old script')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /Token name/ }), 'Home Assistant');
    // A shopper chooses read and write; the admin scope is not offered.
    expect(screen.queryByRole('checkbox', { name: 'Admin' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Write' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create a token' }));
    expect((await screen.findByLabelText('New access token')).textContent).toBe(SECRET);
    expect(sent.created).toEqual([{ name: 'Home Assistant', scopes: ['read'] }]);
    expect(await screen.findByText('Home Assistant')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('revokes a token', async () => {
    const sent = stubApi();
    renderPage(<AccessTokensCard />, { path: '/u/settings/security' });
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Old script' }));
    await waitFor(() => expect(screen.queryByText('Old script')).toBeNull());
    expect(sent.revoked).toEqual([EXISTING.id]);
  });

  it('offers an operator the admin scope', async () => {
    stubApi();
    renderPage(<AccessTokensCard />, { path: '/u/settings/security', auth: buildFakeAuth({ isAdmin: true }) });
    expect(await screen.findByRole('checkbox', { name: 'Admin' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Read' }) as HTMLInputElement).checked).toBe(true);
  });
});
