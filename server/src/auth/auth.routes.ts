import type { FastifyInstance } from 'fastify';
import { redactUrlForLog } from '../mail/redact-secrets';
import { sendWebResponse, toWebRequest } from './web-request';
import { checkAuthThrottles, recordSignInOutcome } from './sign-in-throttle';

/**
 * better-auth's admin plugin endpoints (set-role, remove-user, ban-user, impersonate-user, ...) change `user` rows
 * behind `profiles`, where roles are read, and skip the audit log; operators use /api/admin/* instead.
 */
const BETTER_AUTH_ADMIN_PATH = /^\/api\/auth\/admin(\/|$)/i;

function isBetterAuthAdminPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is matched as sent; better-auth answers it.
  }
  return BETTER_AUTH_ADMIN_PATH.test(decoded.replace(/\/{2,}/g, '/'));
}

export const AUTH_NOT_CONFIGURED = 'Authentication is not configured';

const RESET_REQUEST_PATHS = new Set(['/api/auth/request-password-reset', '/api/auth/forget-password']);

/** Hands /api/auth/* to better-auth (sign-in, sign-out, reset, two-factor, phone, passkeys). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // better-auth's own endpoints are the web app's sign-in flow, not part of the documented API.
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (isBetterAuthAdminPath(path)) {
        return reply.status(404).send({ error: 'not_found', message: `No route for ${request.method} ${path}` });
      }
      // In production without a mail transport a reset link would land in an outbox nobody reads: say so instead.
      if (app.config.isProduction && !app.config.smtpUrl && RESET_REQUEST_PATHS.has(path)) {
        request.log.warn('password reset asked for, but SMTP_URL is not set');
        return reply.status(503).send({ error: 'auth_not_configured', message: AUTH_NOT_CONFIGURED });
      }
      const accountKey = await checkAuthThrottles(app.db, request, reply);
      const response = await app.auth.handler(toWebRequest(request));
      if (response.status >= 500) request.log.error({ url: redactUrlForLog(request.url), status: response.status }, 'auth handler failed');
      if (accountKey) await recordSignInOutcome(app.db, accountKey, response.status);
      return sendWebResponse(reply, response);
    },
  });
}
