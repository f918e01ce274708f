import { useEffect, useState } from 'react';

/**
 * Whether a session cookie is live, asked with a plain fetch: the landing page shows "Open app" to a
 * signed-in visitor without loading the auth client and the rest of the signed-in app.
 */
export function useIsSignedIn(): boolean {
  const [isSignedIn, setIsSignedIn] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/auth/get-session', { credentials: 'include', signal: controller.signal })
      .then(async (res) => (res.ok ? ((await res.json()) as { user?: unknown } | null) : null))
      .then((body) => setIsSignedIn(Boolean(body?.user)))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return isSignedIn;
}
