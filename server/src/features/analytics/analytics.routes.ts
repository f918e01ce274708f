import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsApi } from '@cartwise/contracts';
import { requireUser, requireUserHook } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { getCachedSpendAnalytics } from './analytics.service';
import { getInflationIndex } from './inflation.service';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUserHook);

  app.route({
    ...fromContract(analyticsApi.spend),
    handler: async (request) => {
      const user = await requireUser(request);
      return getCachedSpendAnalytics(app, user.id, request.query.months, new Date().toISOString().slice(0, 10));
    },
  });

  app.route({
    ...fromContract(analyticsApi.inflation),
    handler: async (request) => {
      const user = await requireUser(request);
      return getInflationIndex(app, user.id, request.query.months);
    },
  });
};
