import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { priceSourcesApi } from '@cartwise/contracts';
import { requireAdmin } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { listPriceSources, savePriceSourceConfig } from './price-source-config.service';

/** The operator's price sources: list them and set each one's schedule, area and credentials. */
export const priceSourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(priceSourcesApi.list),
    handler: async (request) => {
      await requireAdmin(request);
      return { sources: await listPriceSources(app) };
    },
  });

  app.route({
    ...fromContract(priceSourcesApi.save),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return savePriceSourceConfig(app, { actorId: admin.id, sourceId: request.params.source, change: request.body });
    },
  });
};
