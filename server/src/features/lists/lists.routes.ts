import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateList,
  ZCreateListItem,
  ZListDetailQuery,
  ZListIdParams,
  ZListItem,
  ZListItemParams,
  ZShoppingListDetail,
  ZShoppingLists,
  ZUpdateList,
  ZUpdateListItem,
} from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import {
  addListItem,
  createList,
  deleteList,
  getListDetail,
  listSummaries,
  removeListItem,
  renameList,
  updateListItem,
} from './lists.service';

/** Shopping lists and their items; every route is scoped to the signed-in shopper's own lists. */
export const listsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed-out callers get 401 before any input validation (this hook only covers the routes of this plugin).
  app.addHook('onRequest', async (request) => {
    await requireUser(request);
  });

  app.get('/api/lists', { schema: { response: { 200: ZShoppingLists } } }, async (request) => {
    const user = await requireUser(request);
    return { items: await listSummaries(app, user.id) };
  });

  app.post('/api/lists', { schema: { body: ZCreateList, response: { 201: ZShoppingListDetail } } }, async (request, reply) => {
    const user = await requireUser(request);
    const list = await createList(app, user.id, request.body.name, request.body.householdId ?? null);
    request.log.info({ userId: user.id, listId: list.id }, 'list created');
    return reply.status(201).send(list);
  });

  // The spec's call: GET /api/list/detail with the list id as a query parameter.
  app.get('/api/list/detail', { schema: { querystring: ZListDetailQuery, response: { 200: ZShoppingListDetail } } }, async (request) => {
    const user = await requireUser(request);
    return getListDetail(app, user.id, request.query.id);
  });

  app.get('/api/lists/:id', { schema: { params: ZListIdParams, response: { 200: ZShoppingListDetail } } }, async (request) => {
    const user = await requireUser(request);
    return getListDetail(app, user.id, request.params.id);
  });

  app.patch(
    '/api/lists/:id',
    { schema: { params: ZListIdParams, body: ZUpdateList, response: { 200: ZShoppingListDetail } } },
    async (request) => {
      const user = await requireUser(request);
      return renameList(app, user.id, request.params.id, request.body.name);
    },
  );

  app.delete('/api/lists/:id', { schema: { params: ZListIdParams } }, async (request, reply) => {
    const user = await requireUser(request);
    await deleteList(app, user.id, request.params.id);
    request.log.info({ userId: user.id, listId: request.params.id }, 'list deleted');
    return reply.status(204).send();
  });

  app.post(
    '/api/lists/:id/items',
    { schema: { params: ZListIdParams, body: ZCreateListItem, response: { 201: ZListItem } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const item = await addListItem(app, user.id, request.params.id, request.body);
      return reply.status(201).send(item);
    },
  );

  app.patch(
    '/api/lists/:id/items/:itemId',
    { schema: { params: ZListItemParams, body: ZUpdateListItem, response: { 200: ZListItem } } },
    async (request) => {
      const user = await requireUser(request);
      return updateListItem(app, user.id, request.params.id, request.params.itemId, request.body);
    },
  );

  app.delete('/api/lists/:id/items/:itemId', { schema: { params: ZListItemParams } }, async (request, reply) => {
    const user = await requireUser(request);
    await removeListItem(app, user.id, request.params.id, request.params.itemId);
    return reply.status(204).send();
  });
};
