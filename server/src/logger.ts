import pino from 'pino';
import { redactUrlForLog } from './mail/redact-secrets';

export type Logger = pino.Logger;

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Fastify's request fields, with the URL's secrets removed: a reset link opened in the browser or an unsubscribe link
 * carries its token in the path or query, and the request log must not hand it to whoever reads the logs.
 */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Lines wait in memory until this many characters are ready, or the flush interval passes, then go out in one write. */
const LOG_BUFFER_CHARS = 4096;
const LOG_FLUSH_MS = 1000;

interface LogSink {
  write(text: string): unknown;
  flush(callback: (err?: Error) => void): void;
  flushSync(): void;
}

/**
 * Collects lines in an array and hands them to `sink` joined, once `minChars` are waiting, on `flush`, and when the
 * process exits. sonic-boom's own batching (minLength) measures the whole pending text in bytes again for every
 * line it appends, which cost more per request than writing the line did.
 */
export function createBatchedDestination(sink: LogSink, minChars = LOG_BUFFER_CHARS) {
  let pending: string[] = [];
  let pendingChars = 0;
  const drain = () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    pendingChars = 0;
    sink.write(text);
  };
  return {
    write(line: string) {
      pending.push(line);
      pendingChars += line.length;
      if (pendingChars >= minChars) drain();
    },
    flush(callback: (err?: Error) => void = () => {}) {
      drain();
      sink.flush(callback);
    },
    flushSync() {
      drain();
      sink.flushSync();
    },
    drain,
  };
}

/**
 * JSON lines on stdout, written asynchronously and in batches: a write per line cost more than the rest of a small
 * API request. Lines reach stdout within LOG_FLUSH_MS, and what is left is written when the process exits (also on
 * an uncaught error). Tests pass their own destination to read what was logged.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = { level, base: { app: 'cartwise' }, serializers: { req: serializeRequest } };
  if (destination) return pino(options, destination);
  const batched = createBatchedDestination(pino.destination({ dest: 1, sync: false }));
  setInterval(batched.drain, LOG_FLUSH_MS).unref();
  process.once('exit', () => batched.flushSync());
  return pino(options, batched);
}
