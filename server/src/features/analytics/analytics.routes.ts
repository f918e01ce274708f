import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSpendAnalytics, ZSpendQuery } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { getSpendAnalytics } from './analytics.service';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    await requireUser(request);
  });

  app.get('/api/analytics/spend', { schema: { querystring: ZSpendQuery, response: { 200: ZSpendAnalytics } } }, async (request) => {
    const user = await requireUser(request);
    return getSpendAnalytics(app, user.id, request.query.months);
  });
};
