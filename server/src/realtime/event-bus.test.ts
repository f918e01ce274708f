import { describe, expect, it, inject } from 'vitest';
import pg from 'pg';
import type { TRealtimeEvent } from '@cartwise/shared';
import { createLogger } from '../logger';
import { createEventBus } from './event-bus';

const logger = createLogger('silent');
const event: TRealtimeEvent = { type: 'notification', id: 'n-1' };

function waitForEvent(subscribe: (listener: (e: TRealtimeEvent) => void) => () => void): Promise<TRealtimeEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no event within 2 s')), 2000);
    const stop = subscribe((received) => {
      clearTimeout(timer);
      stop();
      resolve(received);
    });
  });
}

describe('realtime event bus', () => {
  it('delivers a user event to that user only (single process)', async () => {
    const bus = await createEventBus({ pool: null, logger });
    const others: TRealtimeEvent[] = [];
    bus.subscribe('user-b', (e) => others.push(e));
    const received = waitForEvent((listener) => bus.subscribe('user-a', listener));
    await bus.publish('user-a', event);
    await expect(received).resolves.toEqual(event);
    expect(others).toEqual([]);
    await bus.close();
  });

  it.runIf(inject('postgresUrl'))('crosses server instances through PostgreSQL LISTEN/NOTIFY', async () => {
    const url = inject('postgresUrl')!;
    const poolA = new pg.Pool({ connectionString: url, max: 2 });
    const poolB = new pg.Pool({ connectionString: url, max: 2 });
    const instanceA = await createEventBus({ pool: poolA, logger });
    const instanceB = await createEventBus({ pool: poolB, logger });
    try {
      const received = waitForEvent((listener) => instanceB.subscribe('user-a', listener));
      await instanceA.publish('user-a', event);
      await expect(received).resolves.toEqual(event);
    } finally {
      await instanceA.close();
      await instanceB.close();
      await poolA.end();
      await poolB.end();
    }
  });
});
