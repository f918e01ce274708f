import { createAuthClient } from 'better-auth/react';
import { phoneNumberClient, twoFactorClient } from 'better-auth/client/plugins';
import { passkeyClient } from '@better-auth/passkey/client';
import { navigateFromAuth } from './auth-navigator';
import { emitSessionSignal } from './session-signal';

export const TWO_FACTOR_PATH = '/login/two-factor';

function getOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

export const authClient = createAuthClient({
  baseURL: getOrigin(),
  basePath: '/api/auth',
  fetchOptions: { credentials: 'include' },
  plugins: [
    twoFactorClient({
      onTwoFactorRedirect: ({ twoFactorMethods }) => {
        const query = twoFactorMethods?.length ? `?methods=${encodeURIComponent(twoFactorMethods.join(','))}` : '';
        navigateFromAuth(`${TWO_FACTOR_PATH}${query}`);
      },
    }),
    phoneNumberClient(),
    passkeyClient(),
  ],
});

// Sign-in, sign-out and 2FA endpoints raise this signal; the auth provider re-reads the session on it.
authClient.$store.atoms.$sessionSignal?.listen(() => emitSessionSignal());

export type AuthClient = typeof authClient;
export type AuthSessionData = NonNullable<Awaited<ReturnType<AuthClient['getSession']>>['data']>;
export type AuthUser = AuthSessionData['user'];

/** better-auth answers `{ data, error }`; turn an error into a thrown Error with its message. */
export function unwrapAuthResult<T>(
  result: { data: T; error: null } | { data: null; error: { message?: string; statusText?: string } },
): T {
  if (result.error) throw new Error(result.error.message || result.error.statusText || 'Unknown error');
  return result.data;
}
