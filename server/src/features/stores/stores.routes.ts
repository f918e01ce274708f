import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStoreList } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { listStoreOptions } from './stores.repo';

export const storesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/stores', { schema: { response: { 200: ZStoreList } } }, async (request) => {
    const user = await requireUser(request);
    return { items: await listStoreOptions(app.db, user.id) };
  });
};
