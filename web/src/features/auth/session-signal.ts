/**
 * The better-auth client raises a session signal after sign-in, sign-out and 2FA calls. It loads lazily, so it
 * forwards the signal here and the auth provider listens here, without importing the client itself.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function onSessionSignal(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionSignal(): void {
  for (const listener of listeners) listener();
}
