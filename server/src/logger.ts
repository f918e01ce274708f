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

/**
 * JSON lines on stdout, written asynchronously: lines logged while a write is in flight go out together in the next
 * one (pino flushes what is left when the process exits). A synchronous write per line cost more than the rest of a
 * small API request. Tests pass their own destination to read what was logged.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = { level, base: { app: 'cartwise' }, serializers: { req: serializeRequest } };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}
