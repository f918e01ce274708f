import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

/**
 * Cached answers (a shopper's pantry, lists, dashboard part, the deals board) are the same text on every read until
 * their data changes, and a browser asks for them compressed: brotli on a 2-4 KB answer cost more than the rest of
 * the read. Their compressed bytes are kept beside the text, so each is compressed once per encoding.
 */

export type AnswerEncoding = 'br' | 'gzip';

/** The compression settings of `registerCompression` (web-app.ts), so a kept answer is what the plugin would send. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
export const BROTLI_QUALITY = 4;

/**
 * What is kept, counted in characters of the texts plus bytes of their compressed forms, stays under this; the
 * oldest answers are dropped first. The caches keep the texts alive anyway while they hold them.
 */
const MAX_KEPT_SIZE = 16 * 1024 * 1024;

interface Kept {
  size: number;
  br?: Buffer;
  gzip?: Buffer;
}

const kept = new Map<string, Kept>();
let keptSize = 0;
const stats = { compressed: 0, reused: 0 };

function dropOldestWhileOver(): void {
  for (const [text, entry] of kept) {
    if (keptSize <= MAX_KEPT_SIZE) return;
    kept.delete(text);
    keptSize -= entry.size;
  }
}

/** The serializer calls this with the text of every reusable answer it writes. */
export function rememberReusableText(text: string): void {
  if (text.length < COMPRESSION_THRESHOLD_BYTES || kept.has(text)) return;
  kept.set(text, { size: text.length });
  keptSize += text.length;
  dropOldestWhileOver();
}

function compress(text: string, encoding: AnswerEncoding): Buffer {
  stats.compressed += 1;
  return encoding === 'br'
    ? zlib.brotliCompressSync(text, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length },
      })
    : zlib.gzipSync(text);
}

/** The kept answer's bytes in `encoding`, compressed now if this is the first time; undefined for any other text. */
export function findCompressedAnswer(text: string, encoding: AnswerEncoding): Buffer | undefined {
  const entry = kept.get(text);
  if (!entry) return undefined;
  const existing = entry[encoding];
  if (existing) {
    stats.reused += 1;
    return existing;
  }
  const bytes = compress(text, encoding);
  entry[encoding] = bytes;
  entry.size += bytes.length;
  keptSize += bytes.length;
  dropOldestWhileOver();
  return bytes;
}

const ENCODINGS: AnswerEncoding[] = ['br', 'gzip'];
/** @fastify/compress reads `*` and `x-gzip` as gzip before it negotiates. */
const GZIP_ALIAS = /\*|x-gzip/gu;

/**
 * The encoding @fastify/compress would choose for this Accept-Encoding, by the negotiator it uses and with its
 * reading of the header (br before gzip at equal weight), or null for none of the two.
 */
export function chooseEncoding(header: string | undefined): AnswerEncoding | null {
  if (!header) return null;
  return negotiate(header.toLowerCase().replace(GZIP_ALIAS, 'gzip'), ENCODINGS);
}

/** How many kept answers were compressed and how many compressed answers were sent again (for tests). */
export function readCompressedAnswerStats(): Readonly<typeof stats> {
  return { ...stats };
}

/**
 * Sends a kept answer's compressed bytes with their Content-Encoding; @fastify/compress (whose onSend runs after
 * this app-level one) leaves an answer that already names its encoding alone. Any other answer goes on as it was.
 */
export function registerCompressedAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || payload.length < COMPRESSION_THRESHOLD_BYTES) return done(null, payload);
    if (request.headers['x-no-compression'] !== undefined) return done(null, payload);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const bytes = encoding && !reply.hasHeader('content-encoding') ? findCompressedAnswer(payload, encoding) : undefined;
    if (!bytes) return done(null, payload);
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!String(vary).toLowerCase().includes('accept-encoding')) reply.header('vary', `${String(vary)}, accept-encoding`);
    reply.header('content-encoding', encoding);
    done(null, bytes);
  });
}
