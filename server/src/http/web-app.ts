import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { BROTLI_QUALITY, COMPRESSION_THRESHOLD_BYTES, registerCompressedAnswers } from './compressed-answers';
import fastifyStatic from '@fastify/static';
import { redactUrlForLog } from '../mail/redact-secrets';

/** Vite names built files `<name>-<8+ char hash>.<ext>` under assets/ (plus .br/.gz copies): their bytes never change. */
const HASHED_ASSET = /\/assets\/[^/]+-[\w-]{8,}(\.\w+)+$/;
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';
/**
 * A request for a file (anything under assets/, or a name with an extension) that the build does not have.
 * It gets a 404, not index.html: a tab still open from an older build then fails its chunk load cleanly
 * instead of running HTML as a script, and a missing /favicon.ico is not cached as a page.
 */
const FILE_PATH = /^\/assets\/|\/[^/]*\.[a-z0-9]{1,12}$/i;

/**
 * Compresses API responses above 1 KB (brotli at a moderate quality so JSON stays cheap to serve).
 * Registered before any route: the plugin attaches to routes as they are declared. Streams that
 * hijack the reply (server-sent events) are written raw and never buffered.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Before the plugin's own onSend: a cached answer's compressed bytes are kept (compressed-answers.ts).
  registerCompressedAnswers(app);
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}

/** Long-lived cache for hashed assets; everything else (index.html, robots.txt) is revalidated. */
export function cacheControlFor(filePath: string): string {
  return HASHED_ASSET.test(filePath.split(path.sep).join('/')) ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

/**
 * Serves the built SPA: the build writes .br and .gz next to each file, served as they are;
 * unknown non-API GET paths get index.html so the client router can show its 404.
 */
export async function registerWebApp(app: FastifyInstance, dist: string): Promise<void> {
  const hasBuild = fs.existsSync(path.join(dist, 'index.html'));
  // wildcard: files are looked up per request, so a rebuilt web/dist is served without a restart.
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(filePath));
      },
    });
  }
  // With the build served, the static wildcard route takes a URL whose parameter the router refused as too long:
  // an API path still gets the router's 414, whether or not web/dist exists.
  const segmentLimit = app.initialConfig.maxParamLength ?? 100;
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/');
    const pathname = request.url.split('?')[0]!;
    if (isApi && pathname.split('/').some((segment) => segment.length > segmentLimit)) {
      return reply
        .status(414)
        .header('cache-control', 'no-store')
        .send({ error: 'uri_too_long', message: 'A part of the URL is too long' });
    }
    if (isApi || request.method !== 'GET' || !hasBuild || FILE_PATH.test(pathname)) {
      if (!isApi) request.log.warn({ path: redactUrlForLog(request.url) }, 'no route');
      return reply
        .status(404)
        .header('cache-control', REVALIDATE_CACHE)
        .send({ error: 'not_found', message: `No route for ${request.method} ${pathname}` });
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
