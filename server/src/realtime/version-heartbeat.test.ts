import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger';
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_TIMEOUT_MS, withHeartbeat } from './version-heartbeat';

afterEach(() => {
  vi.useRealTimers();
});

describe('the version heartbeat', () => {
  it('passes notices on, drops every ping, and stops listening when its own pings stop coming back', async () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const listening: boolean[] = [];
    let isEchoing = true;
    const heartbeat = withHeartbeat(
      { onNotice: (payload) => seen.push(payload), onListening: (value) => listening.push(value) },
      {
        // The channel echoes the ping back to this instance, as PostgreSQL does once the notice commits.
        ping: async (payload) => {
          if (isEchoing) queueMicrotask(() => heartbeat.onNotice(payload));
        },
        logger: createLogger('silent'),
      },
    );
    try {
      heartbeat.onListening(true);
      heartbeat.onNotice('u:alice');
      heartbeat.onNotice('ping:another-instance');
      heartbeat.onNotice('t:deals');
      await vi.advanceTimersByTimeAsync(HEARTBEAT_TIMEOUT_MS * 3);
      expect(seen).toEqual(['u:alice', 't:deals']);
      expect(listening).toEqual([true]);

      isEchoing = false;
      await vi.advanceTimersByTimeAsync(HEARTBEAT_TIMEOUT_MS + HEARTBEAT_INTERVAL_MS * 2);
      expect(listening).toEqual([true, false]);

      isEchoing = true;
      await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 2);
      expect(listening).toEqual([true, false, true]);
    } finally {
      heartbeat.stop();
    }
    expect(listening).toEqual([true, false, true, false]);
  });
});
