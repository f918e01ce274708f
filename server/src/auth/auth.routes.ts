import type { FastifyInstance } from 'fastify';
import { redactUrlForLog } from '../mail/redact-secrets';
import { readAuthPath } from './auth-path';
import { sendWebResponse, toWebRequest } from './web-request';
import { checkAuthThrottles, recordSignInOutcome } from './sign-in-throttle';

export const AUTH_NOT_CONFIGURED = 'Authentication is not configured';

const RESET_REQUEST_PATHS = new Set(['/api/auth/request-password-reset', '/api/auth/forget-password']);

/**
 * Hands /api/auth/* to better-auth (sign-in, sign-out, reset, two-factor, phone, passkeys). The path is read once
 * (auth-path.ts): a crafted form is refused, and the guards below and better-auth see the same path.
 */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // better-auth's own endpoints are the web app's sign-in flow, not part of the documented API.
    schema: { hide: true },
    handler: async (request, reply) => {
      const target = readAuthPath(request.method, request.url);
      // In production without a mail transport a reset link would land in an outbox nobody reads: say so instead.
      if (app.config.isProduction && !app.config.smtpUrl && RESET_REQUEST_PATHS.has(target.path)) {
        request.log.warn('password reset asked for, but SMTP_URL is not set');
        return reply.status(503).send({ error: 'auth_not_configured', message: AUTH_NOT_CONFIGURED });
      }
      const accountKey = await checkAuthThrottles(app.db, request, reply, target.path);
      const response = await app.auth.handler(toWebRequest(request, target));
      if (response.status >= 500) request.log.error({ url: redactUrlForLog(request.url), status: response.status }, 'auth handler failed');
      if (accountKey) await recordSignInOutcome(app.db, accountKey, response.status);
      return sendWebResponse(reply, response);
    },
  });
}
