import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { TProfile } from '@cartwise/contracts';
import { AuthContext, type AuthContextValue } from './auth-context';
import { buildFakeAuth } from '../../test/render-with-providers';
import { RequireAdmin, RequireUser } from './guards';

const user = { id: 'u1', email: 'sam@example.com', name: 'Sam', emailVerified: true };
const baseProfile: TProfile = {
  id: 'u1',
  email: 'sam@example.com',
  full_name: 'Sam Shopper',
  display_name: 'Sam',
  debug_enabled: false,
  role: 'user',
  subscription_status: 'trial',
  trial_started_at: null,
  trial_ends_at: null,
  is_onboarded: true,
};

const buildAuth = buildFakeAuth;

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? 'none';
  return <p>Login page (from {from})</p>;
}

function renderAt(path: string, auth: AuthContextValue) {
  return render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginProbe />} />
          <Route path="/u/dashboard" element={<p>Dashboard screen</p>} />
          <Route element={<RequireUser />}>
            <Route path="/u/lists" element={<p>Lists screen</p>} />
          </Route>
          <Route element={<RequireAdmin />}>
            <Route path="/admin/users" element={<p>Admin users screen</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RequireUser', () => {
  it('shows a full-screen Loading... while the session resolves', () => {
    renderAt('/u/lists', buildAuth({ status: 'loading' }));
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByText('Lists screen')).toBeNull();
  });

  it('redirects signed-out visitors to /login remembering the path', () => {
    renderAt('/u/lists?tab=2', buildAuth({ status: 'signed_out' }));
    expect(screen.getByText('Login page (from /u/lists?tab=2)')).toBeTruthy();
  });

  it('renders the page for a signed-in user', () => {
    renderAt('/u/lists', buildAuth({ status: 'signed_in', user }));
    expect(screen.getByText('Lists screen')).toBeTruthy();
  });
});

describe('RequireAdmin', () => {
  it('keeps loading until the role check is done', () => {
    renderAt('/admin/users', buildAuth({ status: 'signed_in', user, profileStatus: 'loading' }));
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('sends signed-out visitors to /login', () => {
    renderAt('/admin/users', buildAuth({ status: 'signed_out' }));
    expect(screen.getByText('Login page (from /admin/users)')).toBeTruthy();
  });

  it('sends non-admins to /u/dashboard', () => {
    renderAt('/admin/users', buildAuth({ status: 'signed_in', user, profileStatus: 'ready', profile: baseProfile }));
    expect(screen.getByText('Dashboard screen')).toBeTruthy();
  });

  it('treats a failed role check as not admin and logs it', () => {
    const logSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/admin/users', buildAuth({ status: 'signed_in', user, profileStatus: 'error' }));
    expect(screen.getByText('Dashboard screen')).toBeTruthy();
    expect(logSpy).toHaveBeenCalledWith(expect.stringContaining('Admin check failed'));
  });

  it('renders the page for an admin', () => {
    const profile = { ...baseProfile, role: 'admin' as const };
    renderAt('/admin/users', buildAuth({ status: 'signed_in', user, profileStatus: 'ready', profile, isAdmin: true }));
    expect(screen.getByText('Admin users screen')).toBeTruthy();
  });
});
