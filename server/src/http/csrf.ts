import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for routes called by other servers (webhooks) that carry no session cookie by design. */
    csrf?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CSRF_MESSAGE = 'Cross-site request refused: send it from the Cartwise app (the Origin header is missing or is not this site).';

/** The origins a cookie-authenticated write may come from: PUBLIC_URL and the request's own scheme and host. */
function isAllowedOrigin(request: FastifyRequest, origin: string, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true;
  return origin === `${request.protocol}://${request.host}`;
}

/**
 * Refuses state-changing requests that carry cookies unless the browser says they come from this app: a
 * matching Origin, or `Sec-Fetch-Site: same-origin` (set by the browser, a page cannot forge it). Runs before
 * the body is read, so a refused multipart upload costs nothing.
 */
export function registerCsrfGuard(app: FastifyInstance): void {
  const publicOrigin = new URL(app.config.publicUrl).origin;
  // A callback hook: reads and cookie-less calls pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (isAllowedWrite(request, publicOrigin)) return done();
    request.log.warn(
      { origin: request.headers.origin ?? null, method: request.method, path: request.url.split('?')[0] },
      'cross-site write refused',
    );
    done(new HttpError(403, 'csrf_rejected', CSRF_MESSAGE));
  });
}

function isAllowedWrite(request: FastifyRequest, publicOrigin: string): boolean {
  if (!STATE_CHANGING.has(request.method)) return true;
  if (request.routeOptions.config?.csrf === false) return true;
  // Without a cookie there is no ambient authority to abuse: anonymous calls and personal API tokens
  // (Authorization: Bearer) pass; a bearer request that also sends cookies is checked like any other.
  if (!request.headers.cookie) return true;
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  const origin = request.headers.origin;
  return typeof origin === 'string' && isAllowedOrigin(request, origin, publicOrigin);
}
