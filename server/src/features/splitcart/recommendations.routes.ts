import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId, ZRecommendationPlan, ZRecommendationQuery } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { assertPaidFeature } from '../billing';
import { planList } from './recommendations.service';
import { SolverThread } from './solver-thread';

export const recommendationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const solver = new SolverThread(app.log);
  app.addHook('onClose', () => solver.close());
  // Starting the thread (loading the solver through tsx) takes a few hundred ms: not on a shopper's first plan.
  if (!app.config.isTest) app.addHook('onReady', () => solver.start());
  app.get(
    '/api/lists/:id/recommendations',
    { schema: { params: z.object({ id: ZId }), querystring: ZRecommendationQuery, response: { 200: ZRecommendationPlan } } },
    async (request) => {
      const user = await requireUser(request);
      await assertPaidFeature(app, user, 'split_cart');
      return planList(app, solver, user.id, request.params.id, request.query);
    },
  );
};
