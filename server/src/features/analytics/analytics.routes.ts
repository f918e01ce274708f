import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsApi, getTodayIso } from '@cartwise/contracts';
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
      return getCachedSpendAnalytics(app, user.id, request.query.months, getTodayIso());
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
