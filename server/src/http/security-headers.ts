import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';

/**
 * Security headers on every response (@fastify/helmet): a CSP that allows only this origin's scripts (the
 * built app has no inline script), no framing, no MIME sniffing, a same-origin referrer, and HSTS only when
 * the app is served over https (on plain http it would be ignored, and on localhost it would stick).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const isHttps = new URL(app.config.publicUrl).protocol === 'https:';
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React sets style attributes through the DOM; the unsubscribe page has one <style> element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    hsts: isHttps ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // Deal and receipt photos are same-origin images; nothing here needs cross-origin isolation.
    crossOriginEmbedderPolicy: false,
  });

  // Personal data must not sit in a shared cache or the browser's disk cache: every API answer is no-store
  // unless its route chose otherwise (a community deal photo may be cached privately).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
