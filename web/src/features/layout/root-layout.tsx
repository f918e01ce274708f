import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { setAuthNavigator } from '../auth/auth-client';

/** Top of the route tree: lets the auth client navigate (2FA redirect) without a page reload. */
export function RootLayout() {
  const navigate = useNavigate();
  useEffect(() => {
    setAuthNavigator((path) => void navigate(path));
  }, [navigate]);
  return <Outlet />;
}
