import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options. They do not depend on the request, so they are worked out once:
 * @fastify/helmet builds the helmet middleware (and parses the CSP) again on every request.
 */
function computeHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers for every response (helmet's): a CSP that allows only this origin's scripts (the built app has
 * no inline script), no framing, no MIME sniffing, a same-origin referrer, and HSTS only when the app is served
 * over https (on plain http it would be ignored, and on localhost it would stick).
 */
export function computeSecurityHeaders(publicUrl: string): Record<string, string> {
  const isHttps = new URL(publicUrl).protocol === 'https:';
  return computeHelmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the app compile its own WebAssembly (the barcode reader); it allows no JS eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
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
}

/**
 * Sets the headers on every reply. Register it before any other onRequest hook, so a request a guard refuses
 * there (the CSRF check's 403) gets them too; hijacked replies (the event stream) copy reply.getHeaders().
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // Personal data must not sit in a shared cache or the browser's disk cache: every API answer is no-store
    // unless its route sets its own (a community deal photo may be cached privately), which replaces this one.
    // Set here rather than in an onSend hook: a hook fewer on every response.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}

/**
 * Fastify answers a URL it cannot decode (400) or whose parameter is too long (414) before any hook runs; this
 * answer carries the security headers and the app's error shape instead.
 */
export function answerFrameworkErrors(headers: Record<string, string>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const isTooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    const status = isTooLong ? 414 : (error.statusCode ?? 400);
    const message = isTooLong ? 'A part of the URL is too long' : status === 400 ? 'The URL could not be read' : 'Bad request';
    void reply
      .headers(headers)
      .header('cache-control', 'no-store')
      .status(status)
      .send({ error: isTooLong ? 'uri_too_long' : 'bad_request', message });
  };
}
