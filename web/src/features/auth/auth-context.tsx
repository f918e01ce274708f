import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { accountApi, type TProfile } from '@cartwise/contracts';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { toast } from '../../components/toast-store';
import { toAuthSession, type AuthSession, type SessionUser } from './auth-session';
import { AUTO_REFRESH_TICK_MS, runWithRefreshRetry, shouldRefreshSession } from './session-refresh';
import { readSession } from './session-fetch';
import { onSessionSignal } from './session-signal';
import { useRealtimeUpdates } from './use-realtime-updates';

export type AuthStatus = 'loading' | 'signed_in' | 'signed_out';
export type ProfileStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface AuthContextValue {
  status: AuthStatus;
  session: AuthSession | null;
  user: SessionUser | null;
  /** The app profile (GET /api/me); null when signed out or when loading it failed. */
  profile: TProfile | null;
  profileStatus: ProfileStatus;
  isAdmin: boolean;
  /** Re-reads the session from the server (bypassing the cookie cache) and returns it. */
  reloadSession: () => Promise<AuthSession | null>;
  reloadProfile: () => Promise<void>;
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function fetchSession(): Promise<AuthSession | null> {
  const data = await readSession();
  return data ? toAuthSession(data) : null;
}

/** Revokes every session, then this browser's own; answers the first failure (or null). */
async function endServerSessions(): Promise<unknown> {
  let failure: unknown = null;
  try {
    const { authClient, unwrapAuthResult } = await import('./auth-client');
    try {
      unwrapAuthResult(await authClient.revokeSessions());
    } catch (error) {
      failure = error;
    }
    // Even when revoking every session failed, this browser's own session and cookie still go: otherwise
    // reopening the app would sign the user straight back in.
    unwrapAuthResult(await authClient.signOut());
  } catch (error) {
    failure ??= error;
  }
  return failure;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [session, setSession] = useState<AuthSession | null>(null);
  const [profile, setProfile] = useState<TProfile | null>(null);
  const [profileStatus, setProfileStatus] = useState<ProfileStatus>('idle');
  // Refs hold the latest values for async callbacks (the refresh timer, a failed reload).
  const sessionRef = useRef<AuthSession | null>(null);
  const isInitialRef = useRef(true);

  const applySession = useCallback((next: AuthSession | null) => {
    isInitialRef.current = false;
    sessionRef.current = next;
    setSession(next);
    setStatus(next ? 'signed_in' : 'signed_out');
  }, []);

  const reloadSession = useCallback(async () => {
    try {
      const next = await runWithRefreshRetry(fetchSession, { sleep });
      applySession(next);
      return next;
    } catch (error) {
      console.error('Failed to get session', error);
      // Without an answer the app cannot stay in "loading" forever.
      if (isInitialRef.current) applySession(null);
      return sessionRef.current;
    }
  }, [applySession]);

  useEffect(() => {
    void reloadSession();
    // Sign-in, sign-out and 2FA endpoints raise this signal in the better-auth client (loaded by those screens).
    return onSessionSignal(() => void reloadSession());
  }, [reloadSession]);

  useEffect(() => {
    if (status !== 'signed_in') return undefined;
    const timer = setInterval(() => {
      const current = sessionRef.current;
      if (current && shouldRefreshSession(current.expiresAt, Date.now())) void reloadSession();
    }, AUTO_REFRESH_TICK_MS);
    return () => clearInterval(timer);
  }, [status, reloadSession]);

  const userId = session?.user.id ?? null;
  const reloadProfile = useCallback(async () => {
    if (!userId) {
      setProfile(null);
      setProfileStatus('idle');
      return;
    }
    setProfileStatus('loading');
    try {
      setProfile(await callApi(accountApi.me, {}));
      setProfileStatus('ready');
    } catch (error) {
      console.error('Failed to load profile', error);
      setProfile(null);
      setProfileStatus('error');
    }
  }, [userId]);

  useEffect(() => {
    void reloadProfile();
  }, [reloadProfile]);

  useRealtimeUpdates(userId, setProfile);

  const signOut = useCallback(async () => {
    toast.dismissAll();
    const failure = await endServerSessions();
    // Local state is cleared even when the server call failed.
    applySession(null);
    setProfile(null);
    setProfileStatus('idle');
    queryClient.clear();
    // The service worker's copies of API reads belong to this shopper: a shared phone must not show them to the next.
    if (typeof caches !== 'undefined') void caches.delete('api-reads').catch(() => undefined);
    void import('../offline/outbox').then(({ clearOutbox }) => clearOutbox());
    void import('../shop/shop-trip-store').then(({ clearTrips }) => clearTrips());
    if (failure) toast.error('Sign out error', getErrorMessage(failure, 'Unknown error'));
  }, [applySession, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      session,
      user: session?.user ?? null,
      profile,
      profileStatus,
      isAdmin: profile?.role === 'admin',
      reloadSession,
      reloadProfile,
      signOut,
    }),
    [status, session, profile, profileStatus, reloadSession, reloadProfile, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
