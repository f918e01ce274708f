import pino from 'pino';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrlForLog } from '../mail/redact-secrets';

/** pino's own level number for info, and the internals it writes a line with (exported by pino as `symbols`). */
const INFO = 30;
interface PinoInternals {
  [pino.symbols.streamSym]: { write(line: string): unknown };
  [pino.symbols.chindingsSym]: string;
}

/**
 * The completed request's line, exactly as `reply.log.info({ method, url, statusCode, ms }, 'request')` writes it
 * (the request logger's bindings: the app, then the request id), written straight to its destination. pino's
 * general path (merging the object, serialisers, hooks) cost a sizeable part of a cached read; no field of this
 * line is one a serializer or redaction would change.
 */
function writeRequestLine(log: pino.Logger, request: FastifyRequest, reply: FastifyReply): void {
  const internals = log as unknown as PinoInternals;
  const ms = Math.round(reply.elapsedTime * 10) / 10;
  internals[pino.symbols.streamSym].write(
    `{"level":${INFO},"time":${Date.now()}${internals[pino.symbols.chindingsSym]},` +
      `"method":${JSON.stringify(request.method)},"url":${JSON.stringify(redactUrlForLog(request.url))},` +
      `"statusCode":${reply.statusCode},"ms":${ms},"msg":"request"}\n`,
  );
}

/**
 * One log line per request, when it completes (Fastify's default writes two, the first with the whole request
 * object). Successful health checks are not logged: load balancers poll them every few seconds.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      const ms = Math.round(reply.elapsedTime * 10) / 10;
      reply.log.error(
        { method: request.method, url: redactUrlForLog(request.url), statusCode: reply.statusCode, ms, err: error },
        'request errored',
      );
      return;
    }
    if (reply.statusCode < 400 && request.url === '/api/health') return;
    const log = reply.log as pino.Logger;
    if (log.isLevelEnabled('info')) writeRequestLine(log, request, reply);
  }
}
