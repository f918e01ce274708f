import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAppConfig } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { readAppConfig } from '../../platform/operator-settings';

/** The operator's flags and limits as shoppers' pages see them (not under /api/admin: every shopper reads it). */
export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/app-config', { schema: { response: { 200: ZAppConfig } } }, async (request) => {
    await requireUser(request);
    return readAppConfig(app);
  });
};
