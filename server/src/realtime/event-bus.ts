import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { TRealtimeEvent } from '@cartwise/shared';
import type { Logger } from '../logger';

const CHANNEL = 'cartwise_events';

export interface EventBus {
  publish(userId: string, event: TRealtimeEvent): Promise<void>;
  subscribe(userId: string, listener: (event: TRealtimeEvent) => void): () => void;
  close(): Promise<void>;
}

/**
 * Per-user event fan-out. On PostgreSQL events travel through LISTEN/NOTIFY so that every server instance
 * sees every change; on SQLite there is a single process, so an in-memory emitter is enough.
 */
export async function createEventBus(options: { pool: pg.Pool | null; logger: Logger }): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = (userId: string, event: TRealtimeEvent) => emitter.emit(userId, event);

  if (!options.pool) {
    return {
      async publish(userId, event) {
        deliver(userId, event);
      },
      subscribe(userId, listener) {
        emitter.on(userId, listener);
        return () => emitter.off(userId, listener);
      },
      async close() {
        emitter.removeAllListeners();
      },
    };
  }

  const pool = options.pool;
  const listenClient = await pool.connect();
  listenClient.on('notification', (msg) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      const { userId, event } = JSON.parse(msg.payload) as { userId: string; event: TRealtimeEvent };
      deliver(userId, event);
    } catch (err) {
      options.logger.error({ err }, 'bad realtime payload');
    }
  });
  await listenClient.query(`LISTEN ${CHANNEL}`);
  return {
    async publish(userId, event) {
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ userId, event })]);
    },
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    async close() {
      emitter.removeAllListeners();
      try {
        await listenClient.query(`UNLISTEN ${CHANNEL}`);
      } finally {
        listenClient.release();
      }
    },
  };
}
