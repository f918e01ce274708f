import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pantryApi } from '@cartwise/contracts';
import { requireUser, requireUserHook } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { addPantryItem, listPantry, removePantryItem, updatePantryItem } from './pantry.service';

/** The shopper's pantry; every route is scoped to the signed-in user's own items. */
export const pantryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed-out callers get 401 before any input validation (this hook only covers the routes of this plugin).
  app.addHook('onRequest', requireUserHook);

  app.route({
    ...fromContract(pantryApi.list),
    handler: async (request) => {
      const user = await requireUser(request);
      return listPantry(app, user.id);
    },
  });

  app.route({
    ...fromContract(pantryApi.create),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const item = await addPantryItem(app, user.id, request.body);
      return reply.status(201).send(item);
    },
  });

  app.route({
    ...fromContract(pantryApi.update),
    handler: async (request) => {
      const user = await requireUser(request);
      return updatePantryItem(app, user.id, request.params.id, request.body);
    },
  });

  app.route({
    ...fromContract(pantryApi.remove),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await removePantryItem(app, user.id, request.params.id);
      return reply.status(204).send();
    },
  });
};
