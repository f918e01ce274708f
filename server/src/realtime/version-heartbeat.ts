import crypto from 'node:crypto';
import type { Logger } from '../logger';

/** What the event bus tells a listener of data version notices (see event-bus.ts). */
export interface VersionNotices {
  /** A notice's payload (`u:<user id>` or `t:<table>`), as the trigger sent it. */
  onNotice(payload: string): void;
  /** True once notices are arriving, false as soon as they may not be (connection lost, closing). */
  onListening(isListening: boolean): void;
}

export const HEARTBEAT_INTERVAL_MS = 1_000;
export const HEARTBEAT_TIMEOUT_MS = 3_000;
const PING_PREFIX = 'ping:';

/**
 * A listening connection can die without an error (a network cut, a frozen server) until TCP gives up, minutes
 * later: notices stop, yet nothing says so. So this instance sends itself a ping through the channel every second
 * and reports listening only while its own pings come back within HEARTBEAT_TIMEOUT_MS; other instances' pings are
 * dropped here, so they never reach the caches.
 */
export function withHeartbeat(
  target: VersionNotices,
  options: { ping: (payload: string) => Promise<unknown>; logger: Logger; intervalMs?: number; timeoutMs?: number },
): VersionNotices & { stop(): void } {
  const intervalMs = options.intervalMs ?? HEARTBEAT_INTERVAL_MS;
  const timeoutMs = options.timeoutMs ?? HEARTBEAT_TIMEOUT_MS;
  const ownPing = `${PING_PREFIX}${crypto.randomUUID()}`;
  let isConnected = false;
  let isTrusting = false;
  let lastHeardAt = 0;
  const setTrusting = (value: boolean) => {
    if (value === isTrusting) return;
    isTrusting = value;
    target.onListening(value);
  };
  const timer = setInterval(() => {
    if (!isConnected) return;
    options.ping(ownPing).catch((err: unknown) => options.logger.debug({ err }, 'version heartbeat not sent'));
    if (isTrusting && Date.now() - lastHeardAt > timeoutMs) {
      options.logger.warn({ silentForMs: Date.now() - lastHeardAt }, 'version notices stopped arriving; cached reads check the database');
      setTrusting(false);
    }
  }, intervalMs);
  timer.unref();
  return {
    onNotice(payload) {
      if (payload === ownPing) {
        lastHeardAt = Date.now();
        if (isConnected) setTrusting(true);
        return;
      }
      if (payload.startsWith(PING_PREFIX)) return;
      target.onNotice(payload);
    },
    onListening(value) {
      isConnected = value;
      lastHeardAt = Date.now();
      setTrusting(value);
    },
    stop() {
      clearInterval(timer);
      isConnected = false;
      setTrusting(false);
    },
  };
}
