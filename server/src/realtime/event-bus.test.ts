import { describe, expect, it, inject, vi } from 'vitest';
import pg from 'pg';
import type { TRealtimeEvent } from '@cartwise/contracts';
import { createLogger } from '../logger';
import { createEventBus } from './event-bus';

const logger = createLogger('silent');
const event: TRealtimeEvent = { type: 'notification', id: 'n-1' };

function waitForEvent(subscribe: (listener: (e: TRealtimeEvent) => void) => () => void, timeoutMs = 2000): Promise<TRealtimeEvent> {
  return new Promise((resolve, reject) => {
    let stop = () => {};
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no event within ${timeoutMs} ms`));
    }, timeoutMs);
    stop = subscribe((received) => {
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

  it.runIf(inject('postgresUrl'))("tells every instance when a user's sessions or role change", async () => {
    const url = inject('postgresUrl')!;
    const poolA = new pg.Pool({ connectionString: url, max: 2 });
    const poolB = new pg.Pool({ connectionString: url, max: 2 });
    const instanceA = await createEventBus({ pool: poolA, logger });
    const instanceB = await createEventBus({ pool: poolB, logger });
    try {
      const userEvents: TRealtimeEvent[] = [];
      instanceB.subscribe('user-a', (e) => userEvents.push(e));
      const changed = new Promise<string>((resolve) => instanceB.onAuthChange(resolve));
      await instanceA.publishAuthChange('user-a');
      await expect(changed).resolves.toBe('user-a');
      expect(userEvents).toEqual([]);
    } finally {
      await instanceA.close();
      await instanceB.close();
      await poolA.end();
      await poolB.end();
    }
  });

  it.runIf(inject('postgresUrl'))('listens again after PostgreSQL drops its listening connection', async () => {
    const url = inject('postgresUrl')!;
    const applicationName = `cw-bus-${process.pid}-${Date.now()}`;
    const pool = new pg.Pool({ connectionString: url, max: 3, application_name: applicationName });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const bus = await createEventBus({ pool, logger });
    try {
      const listening = await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where application_name = $1 and query like 'LISTEN%'",
        [applicationName],
      );
      expect(listening.rows).toHaveLength(1);
      // What a database restart or failover does to the connection; unhandled, it would end the process.
      await admin.query('select pg_terminate_backend($1)', [listening.rows[0]!.pid]);

      // Events published while it reconnects are lost (they are hints to refetch); the next ones arrive.
      await vi.waitFor(
        async () => {
          const received = waitForEvent((listener) => bus.subscribe('user-a', listener), 300);
          await bus.publish('user-a', event);
          await expect(received).resolves.toEqual(event);
        },
        { timeout: 5000, interval: 100 },
      );
    } finally {
      await bus.close();
      await admin.end();
      await pool.end();
    }
  });
});
