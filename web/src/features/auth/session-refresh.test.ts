import { describe, expect, it } from 'vitest';
import {
  AUTO_REFRESH_TICK_MS,
  REFRESH_MARGIN_MS,
  REFRESH_RETRY_INITIAL_MS,
  REFRESH_RETRY_WINDOW_MS,
  getRetryDelayMs,
  listRetryDelaysMs,
  runWithRefreshRetry,
  shouldRefreshSession,
} from './session-refresh';

describe('session refresh constants', () => {
  it('match the spec', () => {
    expect(AUTO_REFRESH_TICK_MS).toBe(30_000);
    expect(REFRESH_MARGIN_MS).toBe(90_000);
    expect(REFRESH_RETRY_INITIAL_MS).toBe(200);
    expect(REFRESH_RETRY_WINDOW_MS).toBe(30_000);
  });
});

describe('shouldRefreshSession', () => {
  const now = 1_000_000;
  it('refreshes at exactly 90 s left and below', () => {
    expect(shouldRefreshSession(now + 90_000, now)).toBe(true);
    expect(shouldRefreshSession(now + 10_000, now)).toBe(true);
    expect(shouldRefreshSession(now - 5_000, now)).toBe(true);
  });
  it('waits while more than 90 s remain', () => {
    expect(shouldRefreshSession(now + 90_001, now)).toBe(false);
    expect(shouldRefreshSession(now + 3_600_000, now)).toBe(false);
  });
});

describe('retry backoff', () => {
  it('starts at 200 ms and doubles', () => {
    expect(getRetryDelayMs(0, 0)).toBe(200);
    expect(getRetryDelayMs(1, 200)).toBe(400);
    expect(getRetryDelayMs(2, 600)).toBe(800);
  });
  it('stops once the next retry would fall outside 30 s', () => {
    const delays = listRetryDelaysMs();
    expect(delays).toEqual([200, 400, 800, 1600, 3200, 6400, 12800]);
    const total = delays.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeLessThan(30_000);
    expect(getRetryDelayMs(7, total)).toBeNull();
  });
});

describe('runWithRefreshRetry', () => {
  it('retries failures with the backoff delays and returns the first success', async () => {
    const slept: number[] = [];
    let calls = 0;
    const result = await runWithRefreshRetry(
      async () => {
        calls++;
        if (calls < 4) throw new Error('503');
        return 'ok';
      },
      { sleep: async (ms) => void slept.push(ms) },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(4);
    expect(slept).toEqual([200, 400, 800]);
  });

  it('gives up with the last error after the window', async () => {
    const slept: number[] = [];
    let calls = 0;
    await expect(
      runWithRefreshRetry(
        async () => {
          calls++;
          throw new Error(`fail ${calls}`);
        },
        { sleep: async (ms) => void slept.push(ms) },
      ),
    ).rejects.toThrow('fail 8');
    expect(slept).toHaveLength(7);
  });
});
