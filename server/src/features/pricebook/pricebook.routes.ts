import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateChain,
  ZId,
  ZMergeStore,
  ZPriceBook,
  ZPriceImport,
  ZPriceImportSummary,
  ZSaveStore,
  ZStoreMergeSummary,
} from '@cartwise/contracts';
import { requireAdmin } from '../../auth/current-user';
import { importPrices } from './pricebook.service';
import { createChain, createStore, deleteStore, loadPriceBook, updateStore } from './price-book-admin.service';
import { mergeStore } from './store-merge.service';

const ZStoreParams = z.object({ id: ZId });
const ZStoreRef = z.object({ id: z.string() });

/** Operator tools for the price book: chains, store locations and price imports. */
export const pricebookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/price-book', { schema: { response: { 200: ZPriceBook } } }, async (request) => {
    await requireAdmin(request);
    return loadPriceBook(app);
  });

  app.post(
    '/api/admin/price-book/import',
    { bodyLimit: 6 * 1024 * 1024, schema: { body: ZPriceImport, response: { 200: ZPriceImportSummary } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return importPrices(app, { content: request.body.content, kind: request.body.kind, actorId: admin.id });
    },
  );

  app.post('/api/admin/price-book/chains', { schema: { body: ZCreateChain, response: { 201: ZStoreRef } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const id = await createChain(app, admin.id, request.body.name);
    return reply.status(201).send({ id });
  });

  app.post('/api/admin/price-book/stores', { schema: { body: ZSaveStore, response: { 201: ZStoreRef } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const id = await createStore(app, admin.id, request.body);
    return reply.status(201).send({ id });
  });

  app.patch(
    '/api/admin/price-book/stores/:id',
    { schema: { params: ZStoreParams, body: ZSaveStore, response: { 200: ZStoreRef } } },
    async (request) => {
      const admin = await requireAdmin(request);
      await updateStore(app, admin.id, request.params.id, request.body);
      return { id: request.params.id };
    },
  );

  app.delete('/api/admin/price-book/stores/:id', { schema: { params: ZStoreParams } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    await deleteStore(app, admin.id, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/api/admin/price-book/stores/:id/merge',
    { schema: { params: ZStoreParams, body: ZMergeStore, response: { 200: ZStoreMergeSummary } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return mergeStore(app, admin.id, request.params.id, request.body.intoId);
    },
  );
};
