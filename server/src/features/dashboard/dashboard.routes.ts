import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardApi } from '@cartwise/contracts';
import { readKnownUser, requireUser } from '../../auth/current-user';
import { peekSettled } from '../../db/settled-value';
import { fromContract } from '../../http/route-contract';
import { buildDashboard } from './dashboard.service';
import { savingsRoutes } from './savings.routes';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(savingsRoutes);
  app.route({
    ...fromContract(dashboardApi.get),
    // Not async: a cached dashboard is answered at once (settled-value.ts).
    handler: (request) => {
      const known = readKnownUser(request);
      const pending = known ? buildDashboard(app, known.id) : requireUser(request).then((user) => buildDashboard(app, user.id));
      return peekSettled(pending) ?? pending;
    },
  });
};
