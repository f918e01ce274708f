import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardApi } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { buildDashboard } from './dashboard.service';
import { savingsRoutes } from './savings.routes';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(savingsRoutes);
  app.route({
    ...fromContract(dashboardApi.get),
    handler: async (request) => {
      const user = await requireUser(request);
      return buildDashboard(app, user.id);
    },
  });
};
