import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pantryApi } from '@cartwise/contracts';
import { readKnownUser, requireUser, requireUserHook } from '../../auth/current-user';
import { peekSettled } from '../../db/settled-value';
import { fromContract } from '../../http/route-contract';
import { addPantryItem, listPantry, removePantryItem, updatePantryItem } from './pantry.service';

/** The shopper's pantry; every route is scoped to the signed-in user's own items. */
export const pantryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed-out callers get 401 before any input validation (this hook only covers the routes of this plugin).
  app.addHook('onRequest', requireUserHook);

  app.route({
    ...fromContract(pantryApi.list),
    // Not async: a cached pantry is answered at once (settled-value.ts).
    handler: (request) => {
      const known = readKnownUser(request);
      const pending = known ? listPantry(app, known.id) : requireUser(request).then((user) => listPantry(app, user.id));
      return peekSettled(pending) ?? pending;
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
