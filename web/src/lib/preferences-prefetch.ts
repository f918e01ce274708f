import { PREFERENCES_PATH } from '@cartwise/contracts/api/boot-paths';

/**
 * The shopper's currency, locale and units, asked for as the page boots (beside the session) instead of
 * after the signed-in code has loaded: pages wait for them before they render, so starting late put one
 * more round trip in front of every signed-in page's own data. Kept free of zod and the API client so the
 * entry chunk stays small (the path comes from a zod-free contracts module); FormatProvider checks the
 * answer against its contract.
 */

let prefetched: Promise<Response> | null = null;

export function prefetchPreferences(): void {
  prefetched = fetch(PREFERENCES_PATH, { credentials: 'include', headers: { accept: 'application/json' } });
  // A failure falls back to an ordinary read; it must not surface as an unhandled rejection.
  prefetched.catch(() => undefined);
}

/** The boot-time response once (null when there was none or it was already used). */
export function takePrefetchedPreferences(): Promise<Response> | null {
  const pending = prefetched;
  prefetched = null;
  return pending;
}
