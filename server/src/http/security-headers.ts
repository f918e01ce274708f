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
 * The headers that mean something on an API answer (JSON, an export, a photo): the same CSP, no framing, no MIME
 * sniffing, no cross-origin reads, the referrer policy and HSTS, and no-store. The rest of helmet's set steers how a
 * browser treats an HTML document (opener isolation, agent clusters, DNS prefetching, IE's download prompt, the
 * legacy XSS filter, Flash and Acrobat policy files), which an API answer never is; the app's pages keep them all.
 */
const API_HEADER_NAMES = [
  'content-security-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
];

export function selectApiHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of API_HEADER_NAMES) if (pageHeaders[name] !== undefined) headers[name] = pageHeaders[name];
  // Personal data must not sit in a shared cache or the browser's disk cache: every API answer is no-store unless
  // its route sets its own (a community deal photo may be cached privately), which replaces this one.
  headers['cache-control'] = 'no-store';
  return headers;
}

/**
 * Sets the headers on every reply. Register it before any other onRequest hook, so a request a guard refuses
 * there (the CSRF check's 403) gets them too; hijacked replies (the event stream) copy reply.getHeaders().
 * Each response header costs a little on every request, so an API answer gets only the ones that apply to it.
 */
export function registerSecurityHeaders(app: FastifyInstance, pageHeaders: Record<string, string>): void {
  const apiHeaders = selectApiHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
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
