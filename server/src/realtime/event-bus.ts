import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { TRealtimeEvent } from '@cartwise/contracts';
import type { Logger } from '../logger';
import { withHeartbeat, type VersionNotices } from './version-heartbeat';

const CHANNEL = 'cartwise_events';
/** Raised by triggers when a user's data version or a shared table's counter moves (migration 20261126T0900). */
export const VERSIONS_CHANNEL = 'cartwise_versions';
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

export interface EventBus {
  publish(userId: string, event: TRealtimeEvent): Promise<void>;
  subscribe(userId: string, listener: (event: TRealtimeEvent) => void): () => void;
  /** Tells every instance that this user's sessions, tokens or role changed, so cached credentials are dropped. */
  publishAuthChange(userId: string): Promise<void>;
  onAuthChange(listener: (userId: string) => void): () => void;
  close(): Promise<void>;
}

/** The emitter event for auth changes; user ids are generated ids and never collide with it. */
const AUTH_CHANGED = 'auth:changed';

/**
 * Per-user event fan-out. On PostgreSQL events travel through LISTEN/NOTIFY so that every server instance
 * sees every change; on SQLite there is a single process, so an in-memory emitter is enough.
 */
export async function createEventBus(options: { pool: pg.Pool | null; logger: Logger; versions?: VersionNotices }): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = (userId: string, event: TRealtimeEvent) => emitter.emit(userId, event);
  const onAuthChange = (listener: (userId: string) => void) => {
    emitter.on(AUTH_CHANGED, listener);
    return () => emitter.off(AUTH_CHANGED, listener);
  };

  if (!options.pool) {
    return {
      async publish(userId, event) {
        deliver(userId, event);
      },
      subscribe(userId, listener) {
        emitter.on(userId, listener);
        return () => emitter.off(userId, listener);
      },
      async publishAuthChange(userId) {
        emitter.emit(AUTH_CHANGED, userId);
      },
      onAuthChange,
      async close() {
        emitter.removeAllListeners();
      },
    };
  }

  const pool = options.pool;
  const logger = options.logger;
  /** Ends the current LISTEN connection, once; null while there is none. */
  let stopListening: ((err?: Error) => void) | null = null;
  let isClosed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryDelayMs = RETRY_FIRST_MS;

  const versions =
    options.versions &&
    withHeartbeat(options.versions, {
      ping: (payload) => pool.query('SELECT pg_notify($1, $2)', [VERSIONS_CHANNEL, payload]),
      logger,
    });
  const onNotification = (msg: pg.Notification) => {
    if (msg.channel === VERSIONS_CHANNEL) {
      versions?.onNotice(msg.payload ?? '');
      return;
    }
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      const payload = JSON.parse(msg.payload) as { userId: string; event?: TRealtimeEvent; isAuthChange?: boolean };
      if (payload.isAuthChange) emitter.emit(AUTH_CHANGED, payload.userId);
      else if (payload.event) deliver(payload.userId, payload.event);
    } catch (err) {
      logger.error({ err }, 'bad realtime payload');
    }
  };

  async function listen(): Promise<void> {
    const client = await pool.connect();
    let isReleased = false;
    // Destroys the connection rather than pooling it: it may still be LISTENing, or be broken.
    const discard = (err?: Error) => {
      if (isReleased) return;
      isReleased = true;
      if (stopListening === discard) versions?.onListening(false);
      client.release(err ?? true);
    };
    // A dropped connection (database restart, failover) must not end the process: drop the client and listen again.
    client.on('error', (err) => {
      const isCurrent = stopListening === discard;
      discard(err);
      if (!isCurrent) return;
      stopListening = null;
      logger.error({ err }, 'realtime connection to PostgreSQL lost; listening again');
      scheduleRetry();
    });
    client.on('notification', onNotification);
    try {
      await client.query(`LISTEN ${CHANNEL}`);
      if (versions) await client.query(`LISTEN ${VERSIONS_CHANNEL}`);
    } catch (err) {
      discard(err as Error);
      throw err;
    }
    if (isClosed || isReleased) {
      discard();
      if (!isClosed) throw new Error('realtime connection closed while it started listening');
      return;
    }
    stopListening = discard;
    retryDelayMs = RETRY_FIRST_MS;
    versions?.onListening(true);
  }

  function scheduleRetry(): void {
    if (isClosed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      listen().catch((err: unknown) => {
        logger.error({ err, retryInMs: retryDelayMs }, 'realtime listen failed');
        retryDelayMs = Math.min(retryDelayMs * 2, RETRY_MAX_MS);
        scheduleRetry();
      });
    }, retryDelayMs);
    retryTimer.unref();
  }

  await listen();
  return {
    async publish(userId, event) {
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ userId, event })]);
    },
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    async publishAuthChange(userId) {
      // This instance forgets at once; the others when the notification arrives.
      emitter.emit(AUTH_CHANGED, userId);
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ userId, isAuthChange: true })]);
    },
    onAuthChange,
    async close() {
      isClosed = true;
      if (retryTimer) clearTimeout(retryTimer);
      versions?.stop();
      emitter.removeAllListeners();
      stopListening?.();
      stopListening = null;
    },
  };
}
