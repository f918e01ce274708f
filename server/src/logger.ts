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

/** Lines wait in memory until this many bytes are ready, or the flush interval passes, then go out in one write. */
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 1000;

/**
 * JSON lines on stdout, written asynchronously and in batches: a write per line cost more than the rest of a small
 * API request. Lines reach stdout within LOG_FLUSH_MS, and pino writes what is left when the process exits (also on
 * an uncaught error). Tests pass their own destination to read what was logged.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = { level, base: { app: 'cartwise' }, serializers: { req: serializeRequest } };
  if (destination) return pino(options, destination);
  const stdout = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
  setInterval(() => stdout.flush(), LOG_FLUSH_MS).unref();
  return pino(options, stdout);
}
