import type { FastifyInstance } from 'fastify';
import { redactUrlForLog } from '../mail/redact-secrets';
import { sendWebResponse, toWebRequest } from './web-request';
import { checkAuthThrottles, recordSignInOutcome } from './sign-in-throttle';

/** Hands /api/auth/* to better-auth (sign-in, sign-out, reset, two-factor, phone, passkeys, admin). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request, reply) => {
      const accountKey = await checkAuthThrottles(app.db, request, reply);
      const response = await app.auth.handler(toWebRequest(request));
      if (response.status >= 500) request.log.error({ url: redactUrlForLog(request.url), status: response.status }, 'auth handler failed');
      if (accountKey) await recordSignInOutcome(app.db, accountKey, response.status);
      return sendWebResponse(reply, response);
    },
  });
}
