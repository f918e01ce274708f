import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { settingsApi, type TProfile } from '@cartwise/contracts';
import { buildFakeAuth, renderPage } from '../../test/render-with-providers';
import ProfileSettingsPage from './profile-settings-page';
import { handle, replyError, server, type Reply } from '../../test/contract-handlers';

const PROFILE: TProfile = {
  id: 'u1',
  email: 'ana@example.test',
  full_name: 'Ana Lima',
  display_name: 'Ana',
  debug_enabled: false,
  role: 'user',
  subscription_status: 'trial',
  trial_started_at: null,
  trial_ends_at: null,
  is_onboarded: true,
};

function stubApi(refusal?: Reply) {
  let displayName: string | null = 'Ana';
  const posts: unknown[] = [];
  server.use(
    handle(settingsApi.profile, () => ({ id: 'u1', email: 'ana@example.test', display_name: displayName })),
    handle(settingsApi.saveProfile, async ({ request, body }) => {
      posts.push(await request.json());
      if (refusal) return refusal;
      displayName = body.displayName ?? null;
      return { message: 'Profile saved' };
    }),
  );
  return posts;
}

function valueOf(label: string): string {
  return (screen.getByRole('textbox', { name: label }) as HTMLInputElement).value;
}

describe('ProfileSettingsPage', () => {
  it('shows the saved display name and the full name from the profile', async () => {
    stubApi();
    renderPage(<ProfileSettingsPage />, { path: '/u/settings/profile', auth: buildFakeAuth({ profile: PROFILE }) });
    await screen.findByRole('textbox', { name: 'Display name' });
    expect(valueOf('Display name')).toBe('Ana');
    expect(valueOf('Full name')).toBe('Ana Lima');
  });

  it('saves the edits and then shows what the server holds', async () => {
    const posts = stubApi();
    const reloadProfile = vi.fn(async () => undefined);
    renderPage(<ProfileSettingsPage />, { path: '/u/settings/profile', auth: buildFakeAuth({ profile: PROFILE, reloadProfile }) });
    const displayName = await screen.findByRole('textbox', { name: 'Display name' });
    await userEvent.clear(displayName);
    await userEvent.type(displayName, '  Annie ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved')).toBeTruthy();
    expect(posts).toEqual([{ id: 'u1', email: 'ana@example.test', displayName: 'Annie', fullName: 'Ana Lima' }]);
    expect(reloadProfile).toHaveBeenCalled();
    await waitFor(() => expect(valueOf('Display name')).toBe('Annie'));
  });

  it('keeps the edits and says Save failed when the server refuses', async () => {
    stubApi(replyError(400, 'Display name is too long', 'validation_error'));
    renderPage(<ProfileSettingsPage />, { path: '/u/settings/profile', auth: buildFakeAuth({ profile: PROFILE }) });
    const fullName = await screen.findByRole('textbox', { name: 'Full name' });
    await userEvent.type(fullName, ' Souza');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Save failed')).toBeTruthy();
    expect(screen.getByText('Display name is too long')).toBeTruthy();
    expect(valueOf('Full name')).toBe('Ana Lima Souza');
  });
});
