import type { Deps } from '../app-types';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Runs `run` once `firstRunMs` after start-up (so a restart does not wait an hour, nor slow the start) and then
 * every hour. A failure is logged with `failureMessage` and the next hour tries again. The timers are unref'd so
 * they never keep the process alive. Returns the function that stops them.
 */
export function startHourlyTask(
  deps: Deps<'log'>,
  input: { firstRunMs: number; failureMessage: string; run: () => Promise<unknown> },
): () => void {
  const tick = () => {
    input.run().catch((err: unknown) => deps.log.error({ err }, input.failureMessage));
  };
  const first = setTimeout(tick, input.firstRunMs);
  const timer = setInterval(tick, HOUR_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
