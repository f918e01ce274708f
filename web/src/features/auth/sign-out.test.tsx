import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { accountApi, type TProfile } from '@cartwise/contracts';
import { handle, handleAuthRoute, server } from '../../test/contract-handlers';
import { AuthProvider, useAuth } from './auth-context';

const { authClient } = vi.hoisted(() => ({
  authClient: {
    revokeSessions: vi.fn(),
    signOut: vi.fn(),
    $store: { atoms: {} },
  },
}));
vi.mock('./auth-client', async (importOriginal) => ({ ...(await importOriginal<typeof import('./auth-client')>()), authClient }));

const user = { id: 'u1', email: 'sam@example.com', name: 'Sam', emailVerified: true };
const signedIn = { session: { token: 't', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }, user };
const profile: TProfile = {
  id: 'u1',
  email: 'sam@example.com',
  full_name: '',
  display_name: null,
  debug_enabled: false,
  role: 'user',
  subscription_status: 'trial',
  trial_started_at: null,
  trial_ends_at: null,
  is_onboarded: true,
};

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  Object.values(authClient).forEach((fn) => (typeof fn === 'function' && 'mockReset' in fn ? fn.mockReset() : undefined));
});

describe('signOut', () => {
  it('still ends this browser session and clears local state when the global revoke fails', async () => {
    // The session is read with a plain fetch; the auth client loads only to sign out.
    server.use(
      handleAuthRoute('GET', '/api/auth/get-session', () => signedIn),
      handle(accountApi.me, () => profile),
    );
    authClient.revokeSessions.mockResolvedValue({ data: null, error: { message: 'Network down' } });
    authClient.signOut.mockResolvedValue({ data: { success: true }, error: null });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('signed_in'));

    await act(() => result.current.signOut());
    expect(authClient.signOut).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('signed_out');
    expect(result.current.user).toBeNull();
    expect(result.current.profile).toBeNull();
  });
});
