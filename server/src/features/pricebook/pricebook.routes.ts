import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRICE_IMPORT_BODY_LIMIT_BYTES, priceBookApi } from '@cartwise/contracts';
import { requireAdmin } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { importPrices } from './pricebook.service';
import { createChain, createStore, deleteStore, loadPriceBook, updateStore } from './price-book-admin.service';
import { mergeStore } from './store-merge.service';
import { mergeChain } from './chain-merge.service';

/** Operator tools for the price book: chains, store locations and price imports. */
export const pricebookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(priceBookApi.get),
    handler: async (request) => {
      await requireAdmin(request);
      return loadPriceBook(app);
    },
  });

  app.route({
    ...fromContract(priceBookApi.importPrices),
    bodyLimit: PRICE_IMPORT_BODY_LIMIT_BYTES,
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return importPrices(app, { content: request.body.content, kind: request.body.kind, actorId: admin.id });
    },
  });

  app.route({
    ...fromContract(priceBookApi.createChain),
    handler: async (request, reply) => {
      const admin = await requireAdmin(request);
      const id = await createChain(app, admin.id, request.body.name);
      return reply.status(201).send({ id });
    },
  });

  app.route({
    ...fromContract(priceBookApi.createStore),
    handler: async (request, reply) => {
      const admin = await requireAdmin(request);
      const id = await createStore(app, admin.id, request.body);
      return reply.status(201).send({ id });
    },
  });

  app.route({
    ...fromContract(priceBookApi.updateStore),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      await updateStore(app, admin.id, request.params.id, request.body);
      return { id: request.params.id };
    },
  });

  app.route({
    ...fromContract(priceBookApi.deleteStore),
    handler: async (request, reply) => {
      const admin = await requireAdmin(request);
      await deleteStore(app, admin.id, request.params.id);
      return reply.status(204).send();
    },
  });

  app.route({
    ...fromContract(priceBookApi.mergeStore),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return mergeStore(app, admin.id, request.params.id, request.body.intoId);
    },
  });

  app.route({
    ...fromContract(priceBookApi.mergeChain),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return mergeChain(app, admin.id, request.params.id, request.body.intoId);
    },
  });
};
