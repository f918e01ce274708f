import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCreatePantryItem, ZPantryItem, ZPantryItemParams, ZPantryList, ZUpdatePantryItem } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { addPantryItem, listPantry, removePantryItem, updatePantryItem } from './pantry.service';

/** The shopper's pantry; every route is scoped to the signed-in user's own items. */
export const pantryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed-out callers get 401 before any input validation (this hook only covers the routes of this plugin).
  app.addHook('onRequest', async (request) => {
    await requireUser(request);
  });

  app.get('/api/pantry', { schema: { response: { 200: ZPantryList } } }, async (request) => {
    const user = await requireUser(request);
    return listPantry(app, user.id);
  });

  app.post('/api/pantry', { schema: { body: ZCreatePantryItem, response: { 201: ZPantryItem } } }, async (request, reply) => {
    const user = await requireUser(request);
    const item = await addPantryItem(app, user.id, request.body);
    return reply.status(201).send(item);
  });

  app.patch(
    '/api/pantry/:id',
    { schema: { params: ZPantryItemParams, body: ZUpdatePantryItem, response: { 200: ZPantryItem } } },
    async (request) => {
      const user = await requireUser(request);
      return updatePantryItem(app, user.id, request.params.id, request.body);
    },
  );

  app.delete('/api/pantry/:id', { schema: { params: ZPantryItemParams } }, async (request, reply) => {
    const user = await requireUser(request);
    await removePantryItem(app, user.id, request.params.id);
    return reply.status(204).send();
  });
};
