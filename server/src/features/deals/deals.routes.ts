import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { hasNulCharacter, NUL_CHARACTER_MESSAGE } from '../../http/reject-nul-characters';
import { ZCreateDeal, dealsApi, type TApiError, type TCreateDealParsed } from '@cartwise/contracts';
import { readKnownUser, requireUser } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { HttpError, notFound } from '../../http/errors';
import { MAX_PHOTO_BYTES, readDealPhoto } from './deal-photos';
import { consumePhotoUploads } from '../../platform/photo-upload-limit';
import { listProducts, listStores, toDealDto } from './deals.repo';
import { assertCanSubmitDeal, createDeal, getVisibleDeal, listDeals, listDealsForYou, peekDealsPage } from './deals.service';
import { assertPaidFeature } from '../billing';

interface DealSubmission {
  fields: Record<string, unknown>;
  photo: Buffer | null;
}

/** Reads a JSON body, or a multipart form whose optional `photo` part is the shelf-tag picture. */
async function readSubmission(request: FastifyRequest): Promise<DealSubmission> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, photo: null };
  }
  const fields: Record<string, unknown> = {};
  let photo: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 20, fieldSize: 10_000 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'photo' && bytes.length > 0) photo = bytes;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'photo_too_large', 'Photo is larger than 5 MB');
    // A cut-off or malformed body ("Premature close", "Boundary not found") is the client's fault, not ours.
    request.log.warn({ err }, 'deal form could not be read');
    throw new HttpError(400, 'bad_request', 'The form could not be read');
  }
  // The global guard (reject-nul-characters.ts) sees parsed JSON only; form fields are read here.
  if (hasNulCharacter(fields)) throw new HttpError(400, 'bad_request', NUL_CHARACTER_MESSAGE);
  return { fields, photo };
}

type ParsedSubmission = { isValid: true; deal: TCreateDealParsed } | { isValid: false; body: TApiError };

/** Validates here rather than in the route schema because multipart fields only exist after the stream is read. */
function parseSubmission(fields: Record<string, unknown>): ParsedSubmission {
  const parsed = ZCreateDeal.safeParse(fields);
  if (parsed.success) return { isValid: true, deal: parsed.data };
  const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  return { isValid: false, body: { error: 'validation_error', message: issues[0]?.message ?? 'Invalid deal', issues } };
}

export const dealRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(dealsApi.list),
    // Not async: the cached unfiltered page is answered at once (settled-value.ts).
    handler: (request) => {
      const known = readKnownUser(request);
      const page = known && peekDealsPage(app, known, request.query);
      return page ?? requireUser(request).then((user) => listDeals(app, user, request.query));
    },
  });

  app.route({
    ...fromContract(dealsApi.forYou),
    handler: async (request) => {
      const user = await requireUser(request);
      await assertPaidFeature(app, user, 'deal_alerts');
      return listDealsForYou(app, user);
    },
  });

  app.route({
    ...fromContract(dealsApi.stores),
    handler: async (request) => {
      const user = await requireUser(request);
      const rows = await listStores(app.db, user.id);
      return { items: rows.map((r) => ({ id: r.id, name: r.name, city: r.city, chainName: r.chain_name })) };
    },
  });

  app.route({
    ...fromContract(dealsApi.products),
    handler: async (request) => {
      await requireUser(request);
      return { items: await listProducts(app.db, request.query.q) };
    },
  });

  app.route({
    ...fromContract(dealsApi.detail),
    handler: async (request) => {
      const user = await requireUser(request);
      return toDealDto(await getVisibleDeal(app, user, request.params.id), user.id);
    },
  });

  app.route({
    ...fromContract(dealsApi.photo),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const deal = await getVisibleDeal(app, user, request.params.id);
      const photo = deal.photo_key ? await readDealPhoto(app, deal.photo_key) : null;
      if (!photo) throw notFound('Photo');
      return reply.type('image/jpeg').header('cache-control', 'private, max-age=3600').send(photo);
    },
  });

  // Multipart only where a form is read: the plugin adds an async onResponse hook (two promises) to every route
  // of the context it is registered in, the deals board included.
  await app.register(async (submit) => {
    if (!submit.hasContentTypeParser('multipart/form-data')) await submit.register(multipart);
    submit.route({
      ...fromContract(dealsApi.create),
      handler: async (request, reply) => {
        const user = await requireUser(request);
        const limit = await assertCanSubmitDeal(app, user.id);
        const { fields, photo } = await readSubmission(request);
        const submission = parseSubmission(fields);
        if (!submission.isValid) return reply.status(400).send(submission.body);
        if (photo) await consumePhotoUploads(app, user.id, 1);
        return reply.status(201).send(await createDeal(app, user, submission.deal, photo, limit));
      },
    });
  });
};
