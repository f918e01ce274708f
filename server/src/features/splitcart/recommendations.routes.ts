import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { splitCartApi } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { assertPaidFeature } from '../billing';
import { planList } from './recommendations.service';
import { SolverThread } from './solver-thread';
import { recordUsedPlan } from './used-plans.service';
import { finishTrip } from './finish-trip.service';

export const recommendationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const solver = new SolverThread(app.log);
  app.addHook('onClose', () => solver.close());
  // Starting the thread (loading the solver through tsx) takes a few hundred ms: not on a shopper's first plan.
  if (!app.config.isTest) app.addHook('onReady', () => solver.start());
  app.route({
    ...fromContract(splitCartApi.recommendations),
    handler: async (request) => {
      const user = await requireUser(request);
      await assertPaidFeature(app, user, 'split_cart');
      return planList(app, solver, user.id, request.params.id, request.query);
    },
  });
  app.route({
    ...fromContract(splitCartApi.usePlan),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await assertPaidFeature(app, user, 'split_cart');
      const used = await recordUsedPlan(app, solver, user.id, request.params.id, request.query);
      return reply.code(201).send(used);
    },
  });
  app.route({
    ...fromContract(splitCartApi.finishPlan),
    handler: async (request) => {
      const user = await requireUser(request);
      return finishTrip(app, user.id, request.params.planId);
    },
  });
};
