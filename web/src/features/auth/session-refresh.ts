// Session refresh timing, kept pure so the rules are unit-tested.

/** How often the auto-refresh loop checks the session. */
export const AUTO_REFRESH_TICK_MS = 30_000;
/** Refresh once this little time (or less) remains before expiry. */
export const REFRESH_MARGIN_MS = 90_000;
/** First retry delay after a failed refresh; each next one doubles. */
export const REFRESH_RETRY_INITIAL_MS = 200;
/** All retries of one refresh attempt must start within this window. */
export const REFRESH_RETRY_WINDOW_MS = 30_000;

/** True when the session expires within the refresh margin (or already has). */
export function shouldRefreshSession(expiresAtMs: number, nowMs: number): boolean {
  return expiresAtMs - nowMs <= REFRESH_MARGIN_MS;
}

/**
 * Delay before retry number `attempt` (0-based), or null when that retry would
 * start outside the retry window measured from the first failure.
 */
export function getRetryDelayMs(attempt: number, elapsedMs: number): number | null {
  const delay = REFRESH_RETRY_INITIAL_MS * 2 ** attempt;
  return elapsedMs + delay < REFRESH_RETRY_WINDOW_MS ? delay : null;
}

/** The whole retry schedule: 200, 400, 800, ... while the sum stays inside the window. */
export function listRetryDelaysMs(): number[] {
  const delays: number[] = [];
  let elapsed = 0;
  for (let attempt = 0; ; attempt++) {
    const delay = getRetryDelayMs(attempt, elapsed);
    if (delay === null) return delays;
    delays.push(delay);
    elapsed += delay;
  }
}

export interface RetryDeps {
  sleep: (ms: number) => Promise<void>;
}

/**
 * Runs `attempt` until it succeeds, waiting per the backoff schedule between
 * failures; rethrows the last error once the window is used up.
 */
export async function runWithRefreshRetry<T>(attempt: () => Promise<T>, deps: RetryDeps): Promise<T> {
  let elapsed = 0;
  for (let index = 0; ; index++) {
    try {
      return await attempt();
    } catch (error) {
      const delay = getRetryDelayMs(index, elapsed);
      if (delay === null) throw error;
      await deps.sleep(delay);
      elapsed += delay;
    }
  }
}
