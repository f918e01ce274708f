import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storesApi } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { listStoreOptions } from './stores.repo';

export const storesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(storesApi.list),
    handler: async (request) => {
      const user = await requireUser(request);
      return { items: await listStoreOptions(app.db, user.id) };
    },
  });
};
