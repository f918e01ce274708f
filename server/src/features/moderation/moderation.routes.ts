import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moderationApi } from '@cartwise/contracts';
import { requireAdmin } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { approveDeal, listModerationQueue, moderateInBulk, rejectDeal, updatePendingDeal } from './moderation.service';
import { approveStore, listPendingStores } from './store-moderation.service';
import { listPendingShelfPrices, moderateShelfPrice } from '../products';

/** The deal moderation queue for operators: approve, reject with a reason, edit first, or act in bulk. */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authorise before body validation, so strangers learn nothing about the API shape (401/403, never 400).
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });

  app.route({
    ...fromContract(moderationApi.deals),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return listModerationQueue(app, admin, request.query.status);
    },
  });

  app.route({
    ...fromContract(moderationApi.updateDeal),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return updatePendingDeal(app, admin, request.params.id, request.body);
    },
  });

  // Stores only private receipts name: approved, they join everyone's pickers and community prices.
  app.route({ ...fromContract(moderationApi.stores), handler: async () => listPendingStores(app) });

  app.route({
    ...fromContract(moderationApi.approveStore),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return approveStore(app, admin, request.params.id);
    },
  });

  app.route({
    ...fromContract(moderationApi.approveDeal),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return approveDeal(app, admin, request.params.id);
    },
  });

  app.route({
    ...fromContract(moderationApi.rejectDeal),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return rejectDeal(app, admin, request.params.id, request.body.reason);
    },
  });

  app.route({
    ...fromContract(moderationApi.bulk),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return moderateInBulk(app, admin, request.body);
    },
  });

  // Shoppers' shelf prices no second shopper has matched: approved, they join everyone's price book.
  app.route({ ...fromContract(moderationApi.shelfPrices), handler: async () => listPendingShelfPrices(app) });

  app.route({
    ...fromContract(moderationApi.approveShelfPrice),
    handler: async (request) => moderateShelfPrice(app, await requireAdmin(request), request.params.id, 'approved'),
  });

  app.route({
    ...fromContract(moderationApi.rejectShelfPrice),
    handler: async (request) => moderateShelfPrice(app, await requireAdmin(request), request.params.id, 'rejected'),
  });
};
