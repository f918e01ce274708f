import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrlForLog } from '../mail/redact-secrets';

/**
 * One log line per request, when it completes (Fastify's default writes two, the first with the whole request
 * object). Successful health checks are not logged: load balancers poll them every few seconds.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: redactUrlForLog(request.url),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 400 || request.url !== '/api/health') reply.log.info(line, 'request');
  }
}
