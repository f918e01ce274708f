import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receiptsApi } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { getCategorySpend } from './category-spend.service';

export const categorySpendRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(receiptsApi.categorySpend),
    handler: async (request) => {
      const user = await requireUser(request);
      return getCategorySpend(app.db, user.id, request.query.from, request.query.to);
    },
  });
};
