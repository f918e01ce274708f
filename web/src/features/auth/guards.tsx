import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/spinner';
import { useAuth } from './auth-context';

export interface LoginRedirectState {
  from: string;
}

/** Reads the path a guard remembered before sending the visitor to /login. */
export function readRedirectPath(state: unknown, fallback = '/u/dashboard'): string {
  if (state && typeof state === 'object' && 'from' in state && typeof state.from === 'string' && state.from.startsWith('/')) {
    return state.from;
  }
  return fallback;
}

function useCurrentPath(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Renders its children (or nested routes) only for a signed-in user. */
export function RequireUser({ children }: { children?: ReactNode }) {
  const { status } = useAuth();
  const from = useCurrentPath();
  if (status === 'loading') return <Spinner isFullScreen />;
  if (status === 'signed_out') return <Navigate to="/login" replace state={{ from } satisfies LoginRedirectState} />;
  return children ?? <Outlet />;
}

/** Admin routes: waits for both the session and the role check; any doubt means no access. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { status, profile, profileStatus } = useAuth();
  const from = useCurrentPath();
  const isResolving = status === 'loading' || (status === 'signed_in' && (profileStatus === 'idle' || profileStatus === 'loading'));
  const hasCheckFailed = status === 'signed_in' && profileStatus === 'error';

  useEffect(() => {
    if (hasCheckFailed) console.error('Admin check failed: could not load the profile role');
  }, [hasCheckFailed]);

  if (isResolving) return <Spinner isFullScreen />;
  if (status === 'signed_out') return <Navigate to="/login" replace state={{ from } satisfies LoginRedirectState} />;
  if (profile?.role !== 'admin') return <Navigate to="/u/dashboard" replace />;
  return children ?? <Outlet />;
}
