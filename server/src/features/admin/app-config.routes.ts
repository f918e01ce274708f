import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appConfigApi } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { readAppConfig } from '../../platform/operator-settings';

/** The operator's flags and limits as shoppers' pages see them (not under /api/admin: every shopper reads it). */
export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(appConfigApi.get),
    handler: async (request) => {
      await requireUser(request);
      return readAppConfig(app);
    },
  });
};
