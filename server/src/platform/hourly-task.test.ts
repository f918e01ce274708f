import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Deps } from '../app-types';
import { startHourlyTask } from './hourly-task';

function createLog() {
  const error = vi.fn();
  return { log: { error } as unknown as Deps<'log'>['log'], error };
}

afterEach(() => vi.useRealTimers());

describe('startHourlyTask', () => {
  it('runs once after the first delay, then every hour, until stopped', async () => {
    vi.useFakeTimers();
    const run = vi.fn(() => Promise.resolve());
    const stop = startHourlyTask({ log: createLog().log }, { firstRunMs: 60_000, failureMessage: 'task failed', run });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(run).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(3 * 60 * 60 * 1000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('logs a failed run with its message and tries again the next hour', async () => {
    vi.useFakeTimers();
    const { log, error } = createLog();
    const failure = new Error('mail server down');
    const run = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(undefined);
    const stop = startHourlyTask({ log }, { firstRunMs: 1_000, failureMessage: 'deal digest failed', run });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(error).toHaveBeenCalledWith({ err: failure }, 'deal digest failed');
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledTimes(1);
    stop();
  });
});
