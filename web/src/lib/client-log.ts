import { accountApi, buildRoutePath } from '@cartwise/contracts';

export type ClientLogLevel = 'error' | 'warn' | 'info';

/**
 * Reports a client-side problem to the server log. Fire-and-forget: logging must
 * never break the page, so every failure is swallowed.
 */
export function sendClientLog(level: ClientLogLevel, message: string, path: string): void {
  try {
    void fetch(buildRoutePath(accountApi.clientLog), {
      method: accountApi.clientLog.method,
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ level, message: message.slice(0, 2000), path: path.slice(0, 500) }),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // fetch itself may be missing (old browsers, some test environments)
  }
}
