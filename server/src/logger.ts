import pino from 'pino';

export type Logger = pino.Logger;

/**
 * JSON lines on stdout, written asynchronously: lines logged while a write is in flight go out together in the next
 * one (pino flushes what is left when the process exits). A synchronous write per line cost more than the rest of a
 * small API request.
 */
export function createLogger(level: string): Logger {
  return pino({ level, base: { app: 'cartwise' } }, pino.destination({ dest: 1, sync: false }));
}
