import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { TProfile } from '@cartwise/contracts';
import { buildFakeAuth, renderPage } from '../../test/render-with-providers';
import { DebugPanel } from './debug-panel';

const profile: TProfile = {
  id: 'u1',
  email: 'sam@example.com',
  full_name: '',
  display_name: null,
  debug_enabled: true,
  role: 'user',
  subscription_status: 'trial',
  trial_started_at: null,
  trial_ends_at: null,
  is_onboarded: true,
};

describe('DebugPanel', () => {
  it('shows the account and page while debug_enabled is on', () => {
    renderPage(<DebugPanel />, { path: '/u/lists', auth: buildFakeAuth({ status: 'signed_in', profile }) });
    const panel = screen.getByRole('complementary', { name: 'Debug panel' });
    expect(panel.textContent).toContain('u1 (user)');
    expect(panel.textContent).toContain('/u/lists');
  });

  it('shows when the session ends in the shopper’s saved locale, not the browser’s', () => {
    const session = { user: {}, expiresAt: Date.UTC(2026, 11, 24, 12), token: 't' };
    renderPage(<DebugPanel />, {
      path: '/u/lists',
      auth: buildFakeAuth({ status: 'signed_in', profile, session: session as never }),
      format: { currency: 'EUR', locale: 'de-DE', units: 'metric' },
    });
    const panel = screen.getByRole('complementary', { name: 'Debug panel' });
    expect(panel.textContent).toContain('24.12.2026');
  });

  it('renders nothing while debug_enabled is off', () => {
    renderPage(<DebugPanel />, {
      path: '/u/lists',
      auth: buildFakeAuth({ status: 'signed_in', profile: { ...profile, debug_enabled: false } }),
    });
    expect(screen.queryByRole('complementary', { name: 'Debug panel' })).toBeNull();
  });
});
