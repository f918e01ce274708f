import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBulkModerate,
  ZBulkModerateResult,
  ZId,
  ZModerationDeal,
  ZModerationQueue,
  ZPendingStore,
  ZPendingStoreList,
  ZRejectDeal,
  ZUpdateDeal,
} from '@cartwise/contracts';
import { requireAdmin } from '../../auth/current-user';
import { approveDeal, listModerationQueue, moderateInBulk, rejectDeal, updatePendingDeal } from './moderation.service';
import { approveStore, listPendingStores } from './store-moderation.service';

const ZDealParams = z.object({ id: ZId });

/** The deal moderation queue for operators: approve, reject with a reason, edit first, or act in bulk. */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authorise before body validation, so strangers learn nothing about the API shape (401/403, never 400).
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });

  app.get(
    '/api/admin/moderation/deals',
    {
      schema: {
        querystring: z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') }),
        response: { 200: ZModerationQueue },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return listModerationQueue(app, admin, request.query.status);
    },
  );

  app.patch(
    '/api/admin/moderation/deals/:id',
    { schema: { params: ZDealParams, body: ZUpdateDeal, response: { 200: ZModerationDeal } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return updatePendingDeal(app, admin, request.params.id, request.body);
    },
  );

  // Stores only private receipts name: approved, they join everyone's pickers and community prices.
  app.get('/api/admin/moderation/stores', { schema: { response: { 200: ZPendingStoreList } } }, async () => listPendingStores(app));

  app.post(
    '/api/admin/moderation/stores/:id/approve',
    { schema: { params: ZDealParams, response: { 200: ZPendingStore } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return approveStore(app, admin, request.params.id);
    },
  );

  app.post(
    '/api/admin/moderation/deals/:id/approve',
    { schema: { params: ZDealParams, response: { 200: ZModerationDeal } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return approveDeal(app, admin, request.params.id);
    },
  );

  app.post(
    '/api/admin/moderation/deals/:id/reject',
    { schema: { params: ZDealParams, body: ZRejectDeal, response: { 200: ZModerationDeal } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return rejectDeal(app, admin, request.params.id, request.body.reason);
    },
  );

  app.post(
    '/api/admin/moderation/deals/bulk',
    { schema: { body: ZBulkModerate, response: { 200: ZBulkModerateResult } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return moderateInBulk(app, admin, request.body);
    },
  );
};
