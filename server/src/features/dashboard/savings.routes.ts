import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { savingsApi } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { buildSavingsLedger } from './dashboard-savings';

export const savingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(savingsApi.ledger),
    handler: async (request) => {
      const user = await requireUser(request);
      return buildSavingsLedger(app, user.id, request.query);
    },
  });
};
