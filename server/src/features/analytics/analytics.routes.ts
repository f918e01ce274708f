import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsApi } from '@cartwise/contracts';
import { requireUser, requireUserHook } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { getSpendAnalytics } from './analytics.service';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUserHook);

  app.route({
    ...fromContract(analyticsApi.spend),
    handler: async (request) => {
      const user = await requireUser(request);
      return getSpendAnalytics(app, user.id, request.query.months);
    },
  });
};
