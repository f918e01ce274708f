import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { priceCoverageApi } from '@cartwise/contracts';
import { requireAdmin, requireUser } from '../../auth/current-user';
import { badRequest } from '../../http/errors';
import { fromContract } from '../../http/route-contract';
import { measureAreaCoverage, measureShopperCoverage } from './price-coverage.service';

const MAX_STORE_IDS = 200;

function readStoreIds(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const ids = text
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length > MAX_STORE_IDS) throw badRequest(`Name at most ${MAX_STORE_IDS} stores.`);
  return ids;
}

/** What the prices cover: for the operator over an area, for a shopper near them and for their list. */
export const priceCoverageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(priceCoverageApi.admin),
    handler: async (request) => {
      await requireAdmin(request);
      return measureAreaCoverage(app, request.query);
    },
  });

  app.route({
    ...fromContract(priceCoverageApi.shopper),
    handler: async (request) => {
      const user = await requireUser(request);
      const { storeIds, ...rest } = request.query;
      return measureShopperCoverage(app, user.id, { ...rest, storeIds: readStoreIds(storeIds) });
    },
  });
};
