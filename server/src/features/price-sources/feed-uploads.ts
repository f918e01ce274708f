// Feed files an operator uploads for a run: each file part streams straight to the run's temporary folder (a day's
// price file can be hundreds of megabytes; it is never held in memory), within a size limit per file.
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { PRICE_FEED_MAX_FILE_MB, PRICE_FEED_MAX_FILES } from '@cartwise/contracts';
import { badRequest, HttpError } from '../../http/errors';

export interface UploadedFeedFile {
  /** The file's own name (sources read chain, store and date from it). */
  name: string;
  path: string;
}

const MAX_FILE_BYTES = PRICE_FEED_MAX_FILE_MB * 1024 * 1024;

/** The base name the browser sent, without folders or control characters. */
function cleanFileName(name: string, index: number): string {
  // eslint-disable-next-line no-control-regex -- a file name's control characters are dropped, not stored
  const base = (name.split(/[\\/]/).at(-1) ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(0, 200) || `upload-${index + 1}`;
}

/** Streams every file part to `folder`; refuses a form without files, too many files or one too large. */
export async function saveFeedUploads(request: FastifyRequest, folder: string): Promise<UploadedFeedFile[]> {
  const files: UploadedFeedFile[] = [];
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_FILE_BYTES, files: PRICE_FEED_MAX_FILES, fields: 10, parts: PRICE_FEED_MAX_FILES + 10 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const path = join(folder, `upload-${files.length}`);
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) throw new HttpError(413, 'file_too_large', `A feed file may be at most ${PRICE_FEED_MAX_FILE_MB} MB.`);
      files.push({ name: cleanFileName(part.filename, files.length), path });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, 'file_too_large', `A feed file may be at most ${PRICE_FEED_MAX_FILE_MB} MB.`);
    if (code === 'FST_FILES_LIMIT') throw badRequest(`Upload at most ${PRICE_FEED_MAX_FILES} files in one run.`);
    request.log.warn({ err: error }, 'price feed upload could not be read');
    throw badRequest('The upload could not be read; try again.');
  }
  if (files.length === 0) throw badRequest('Choose at least one feed file.');
  return files;
}
