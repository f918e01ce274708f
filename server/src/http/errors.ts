import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { redactUrlForLog } from '../mail/redact-secrets';

/** An error whose message is safe to show the user; thrown by services and handlers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);
export const badRequest = (message: string) => new HttpError(400, 'bad_request', message);

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = issues[0];
      const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid request';
      return reply.status(400).send({ error: 'validation_error', message, issues });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ error: error.code, message: error.message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: redactUrlForLog(request.url) }, 'response did not match its contract');
      return reply.status(500).send({ error: 'internal_error', message: 'Unknown error' });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      return reply.status(status).send({ error: error.code ?? 'bad_request', message: error.message });
    }
    request.log.error({ err: error, url: redactUrlForLog(request.url), method: request.method }, 'request failed');
    return reply.status(500).send({ error: 'internal_error', message: 'Unknown error' });
  });
}
