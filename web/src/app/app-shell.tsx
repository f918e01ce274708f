import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { setAuthNavigator } from '../features/auth/auth-navigator';
import { AppProviders } from './providers';

/**
 * Everything below the landing page: query cache, auth session, toasts. Loaded as its own chunk so the
 * public landing page ships without the signed-in app (auth client, contracts, query cache).
 */
export function AppShell() {
  return (
    <AppProviders>
      <AuthNavigator />
      <Outlet />
    </AppProviders>
  );
}

/** Lets the auth client navigate (2FA redirect) without a page reload. */
function AuthNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    setAuthNavigator((path) => void navigate(path));
  }, [navigate]);
  return null;
}
