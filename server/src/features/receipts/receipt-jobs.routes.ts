import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RECEIPT_MAX_FILES, RECEIPT_UPLOAD_CEILING_MB, ZPastedReceipt, receiptJobsApi } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { NUL_CHARACTER_MESSAGE } from '../../http/reject-nul-characters';
import { getIntegerSetting } from '../../platform/operator-settings';
import { assertPaidFeature } from '../billing';
import { describeTooLarge, prepareUpload, readUpload, toContentTypeOfKey } from './receipt-files';
import { consumePhotoUploads } from '../../platform/photo-upload-limit';
import {
  createReceiptJobs,
  discardJob,
  findOwnJob,
  listOpenJobs,
  rereadJob,
  retryJob,
  saveJobAsReceipt,
  toReceiptJobDto,
  type NewJobInput,
} from './receipt-jobs.service';

/**
 * Reads every file part into memory and validates it; nothing is written until all files passed. The size
 * limit is the operator's current setting, so busboy stops reading a file as soon as it passes it.
 */
async function readMultipartUploads(request: FastifyRequest, limitMb: number): Promise<NewJobInput[]> {
  const inputs: NewJobInput[] = [];
  const maxBytes = limitMb * 1024 * 1024;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type !== 'file') continue;
      // The name is stored with the job; the global guard (reject-nul-characters.ts) sees parsed JSON only.
      if (part.filename.includes('\u0000')) throw badRequest(NUL_CHARACTER_MESSAGE);
      const buffer = await part.toBuffer();
      const upload = await prepareUpload(buffer, maxBytes);
      inputs.push({ kind: 'file', upload, fileName: part.filename || null });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'file_too_large', describeTooLarge(maxBytes));
    if (code === 'FST_FILES_LIMIT') throw badRequest(`Upload at most ${RECEIPT_MAX_FILES} files at once.`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PARTS_LIMIT') throw badRequest('The upload could not be read.');
    request.log.warn({ err: error }, 'multipart upload failed');
    throw badRequest('The upload could not be read; try again.');
  }
  if (inputs.length === 0) throw badRequest('Choose a photo or PDF of the receipt.');
  return inputs;
}

export const receiptJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The per-file limit is set per request from the operator's setting; this is only the ceiling it can reach.
  // Multipart bodies are streamed by this plugin, so the server's JSON bodyLimit does not cap them.
  await app.register(multipart, {
    limits: { fileSize: RECEIPT_UPLOAD_CEILING_MB * 1024 * 1024, files: RECEIPT_MAX_FILES, fields: 10, parts: 30 },
  });

  app.route({
    ...fromContract(receiptJobsApi.upload),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      let inputs: NewJobInput[];
      if (request.isMultipart()) {
        // Reading photos and PDFs is a paid feature; pasted text is a manual receipt and stays free.
        await assertPaidFeature(app, user, 'receipt_photos');
        inputs = await readMultipartUploads(request, await getIntegerSetting(app, 'max_receipt_upload_mb'));
      } else {
        const parsed = ZPastedReceipt.safeParse(request.body);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Paste the receipt text');
        inputs = [{ kind: 'text', text: parsed.data.text, locale: parsed.data.locale }];
      }
      await consumePhotoUploads(app, user.id, inputs.filter((input) => input.kind === 'file').length);
      const rows = await createReceiptJobs(app, user.id, inputs);
      request.log.info({ jobs: rows.map((row) => row.id), kinds: rows.map((row) => row.kind) }, 'receipt uploads queued');
      return reply.status(201).send({ jobs: rows.map((row) => ({ id: row.id, status: 'queued' as const })) });
    },
  });

  app.route({
    ...fromContract(receiptJobsApi.list),
    handler: async (request) => {
      const user = await requireUser(request);
      return { jobs: (await listOpenJobs(app, user.id)).map(toReceiptJobDto) };
    },
  });

  app.route({
    ...fromContract(receiptJobsApi.detail),
    handler: async (request) => {
      const user = await requireUser(request);
      return toReceiptJobDto(await findOwnJob(app, user.id, request.params.id));
    },
  });

  app.route({
    ...fromContract(receiptJobsApi.image),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const job = await findOwnJob(app, user.id, request.params.id);
      const data = job.file_key ? await readUpload(app.files, job.file_key).catch(() => null) : null;
      if (!job.file_key || !data) throw notFound('Receipt image');
      return reply.type(toContentTypeOfKey(job.file_key)).header('cache-control', 'private, no-store').send(data);
    },
  });

  app.route({
    ...fromContract(receiptJobsApi.save),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const receipt = await saveJobAsReceipt(app, user.id, request.params.id, request.body);
      request.log.info({ jobId: request.params.id, receiptId: receipt.id }, 'receipt saved from upload');
      return reply.status(201).send(receipt);
    },
  });

  app.route({
    ...fromContract(receiptJobsApi.retry),
    handler: async (request) => {
      const user = await requireUser(request);
      if ((await findOwnJob(app, user.id, request.params.id)).kind !== 'text') await assertPaidFeature(app, user, 'receipt_photos');
      return toReceiptJobDto(await retryJob(app, user.id, request.params.id));
    },
  });

  // A blank draft left while scanning was off, read now that scanning is on: 403 while it is still off.
  app.route({
    ...fromContract(receiptJobsApi.reread),
    handler: async (request) => {
      const user = await requireUser(request);
      if ((await findOwnJob(app, user.id, request.params.id)).kind !== 'text') await assertPaidFeature(app, user, 'receipt_photos');
      const job = await rereadJob(app, user.id, request.params.id);
      request.log.info({ jobId: job.id }, 'receipt queued to be read after scanning was back on');
      return toReceiptJobDto(job);
    },
  });

  app.route({
    ...fromContract(receiptJobsApi.discard),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await discardJob(app, user.id, request.params.id);
      return reply.status(204).send();
    },
  });
};
