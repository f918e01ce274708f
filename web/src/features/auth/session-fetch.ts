import type { RawSession } from './auth-session';

/**
 * Reads the session with a plain fetch, so the signed-in shell paints without the better-auth client
 * (about 18 KB compressed); the client loads only on the screens that sign in, out or change the account.
 */
const SESSION_URL = '/api/auth/get-session?disableCookieCache=true';

let prefetched: Promise<RawSession | null> | null = null;

export async function fetchRawSession(): Promise<RawSession | null> {
  const res = await fetch(SESSION_URL, { credentials: 'include', headers: { accept: 'application/json' } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || res.statusText || `Session check failed (${res.status})`);
  }
  const body = (await res.json()) as RawSession | null;
  return body?.session && body.user ? body : null;
}

/**
 * Starts the session check as the page boots, in parallel with the route's code instead of after it:
 * called from the entry point for signed-in paths only.
 */
export function prefetchSession(): void {
  prefetched = fetchRawSession();
  // A failure is retried by the first real read; it must not surface as an unhandled rejection.
  prefetched.catch(() => undefined);
}

/** The boot-time answer once, then fresh reads. */
export function readSession(): Promise<RawSession | null> {
  const pending = prefetched;
  prefetched = null;
  return pending ?? fetchRawSession();
}
