import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appConfigApi } from '@cartwise/contracts';
import { fromContract } from '../../http/route-contract';
import { readAppConfig } from '../../platform/operator-settings';
import { isBillingEnabled } from '../billing';

/** Anonymous readers (the landing and sign-up pages) share a per-address budget; the answer holds nothing personal. */
export const APP_CONFIG_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };

/**
 * The operator's flags and limits and whether billing is on, as shoppers' pages see them (not under /api/admin:
 * every shopper reads it, and the signed-out landing and sign-up pages read whether to speak of a trial).
 */
export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(appConfigApi.get),
    config: { rateLimit: APP_CONFIG_RATE_LIMIT },
    handler: async () => readAppConfig(app, isBillingEnabled(app.config)),
  });
};
