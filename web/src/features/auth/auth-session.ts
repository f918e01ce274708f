import { getExpiresInSeconds } from './session-refresh';

export const AUTH_EVENTS = [
  'INITIAL_SESSION',
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'USER_UPDATED',
  'PASSWORD_RECOVERY',
  'MFA_CHALLENGE_VERIFIED',
] as const;
export type AuthEvent = (typeof AUTH_EVENTS)[number];

/** The user fields the app relies on; better-auth adds plugin fields (phone, 2FA). The role is the profile's. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  emailVerified: boolean;
  phoneNumber?: string | null;
  phoneNumberVerified?: boolean | null;
  twoFactorEnabled?: boolean | null;
}

/** The session shape, derived from better-auth's cookie session. */
export interface AuthSession {
  access_token: string;
  /** better-auth extends the same session token instead of issuing a refresh token. */
  refresh_token: string;
  expires_in: number;
  /** Unix seconds. */
  expires_at: number;
  token_type: 'bearer';
  user: SessionUser;
}

export interface RawSession {
  session: { token: string; expiresAt: Date | string };
  user: SessionUser;
}

export function toAuthSession(raw: RawSession, nowMs: number): AuthSession {
  const expiresAtMs = new Date(raw.session.expiresAt).getTime();
  return {
    access_token: raw.session.token,
    refresh_token: raw.session.token,
    expires_in: getExpiresInSeconds(expiresAtMs, nowMs),
    expires_at: Math.floor(expiresAtMs / 1000),
    token_type: 'bearer',
    user: raw.user,
  };
}

const WATCHED_USER_FIELDS = [
  'email',
  'name',
  'image',
  'emailVerified',
  'phoneNumber',
  'phoneNumberVerified',
  'twoFactorEnabled',
] as const satisfies readonly (keyof SessionUser)[];

function hasUserChanged(previous: SessionUser, next: SessionUser): boolean {
  return WATCHED_USER_FIELDS.some((field) => previous[field] !== next[field]);
}

/**
 * Which auth event a session change represents, or null when nothing relevant
 * changed (so repeated reloads do not spam subscribers).
 */
export function deriveAuthEvent(previous: AuthSession | null, next: AuthSession | null, isInitial: boolean): AuthEvent | null {
  if (isInitial) return 'INITIAL_SESSION';
  if (!previous && !next) return null;
  if (!previous && next) return 'SIGNED_IN';
  if (previous && !next) return 'SIGNED_OUT';
  if (!previous || !next) return null;
  if (previous.user.id !== next.user.id) return 'SIGNED_IN';
  if (hasUserChanged(previous.user, next.user)) return 'USER_UPDATED';
  if (previous.access_token !== next.access_token || previous.expires_at !== next.expires_at) return 'TOKEN_REFRESHED';
  return null;
}

export type AuthStateListener = (event: AuthEvent, session: AuthSession | null) => void;

/** A tiny pub/sub; a throwing listener must not stop the others. */
export function createAuthEventBus() {
  const listeners = new Set<AuthStateListener>();
  return {
    subscribe(listener: AuthStateListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event: AuthEvent, session: AuthSession | null): void {
      for (const listener of listeners) {
        try {
          listener(event, session);
        } catch (error) {
          console.error('Auth state listener failed', error);
        }
      }
    },
  };
}
