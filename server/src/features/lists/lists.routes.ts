import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listsApi } from '@cartwise/contracts';
import { readKnownUser, requireUser, requireUserHook } from '../../auth/current-user';
import { peekSettled } from '../../db/settled-value';
import { fromContract } from '../../http/route-contract';
import {
  addListItem,
  createList,
  deleteList,
  getListDetail,
  listListsPage,
  removeListItem,
  clearCheckedItems,
  updateList,
  updateListItem,
} from './lists.service';

/** Shopping lists and their items; every route is scoped to the signed-in shopper's own lists. */
export const listsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed-out callers get 401 before any input validation (this hook only covers the routes of this plugin).
  app.addHook('onRequest', requireUserHook);

  app.route({
    ...fromContract(listsApi.list),
    // Not async: a cached lists page is answered at once (settled-value.ts).
    handler: (request) => {
      const known = readKnownUser(request);
      const pending = known ? listListsPage(app, known.id) : requireUser(request).then((user) => listListsPage(app, user.id));
      return peekSettled(pending) ?? pending;
    },
  });

  app.route({
    ...fromContract(listsApi.create),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const list = await createList(app, user.id, request.body.name, request.body.householdId ?? null);
      request.log.info({ userId: user.id, listId: list.id }, 'list created');
      return reply.status(201).send(list);
    },
  });

  app.route({
    ...fromContract(listsApi.detailByQuery),
    handler: async (request) => {
      const user = await requireUser(request);
      return getListDetail(app, user.id, request.query.id);
    },
  });

  app.route({
    ...fromContract(listsApi.detail),
    handler: async (request) => {
      const user = await requireUser(request);
      return getListDetail(app, user.id, request.params.id);
    },
  });

  app.route({
    ...fromContract(listsApi.rename),
    handler: async (request) => {
      const user = await requireUser(request);
      return updateList(app, user.id, request.params.id, request.body);
    },
  });

  app.route({
    ...fromContract(listsApi.remove),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await deleteList(app, user.id, request.params.id);
      request.log.info({ userId: user.id, listId: request.params.id }, 'list deleted');
      return reply.status(204).send();
    },
  });

  app.route({
    ...fromContract(listsApi.addItem),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const item = await addListItem(app, user.id, request.params.id, request.body);
      return reply.status(201).send(item);
    },
  });

  app.route({
    ...fromContract(listsApi.updateItem),
    handler: async (request) => {
      const user = await requireUser(request);
      return updateListItem(app, user.id, request.params.id, request.params.itemId, request.body);
    },
  });

  app.route({
    ...fromContract(listsApi.removeItem),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await removeListItem(app, user.id, request.params.id, request.params.itemId);
      return reply.status(204).send();
    },
  });
  app.route({
    ...fromContract(listsApi.clearChecked),
    handler: async (request) => {
      const user = await requireUser(request);
      return { removed: await clearCheckedItems(app, user.id, request.params.id) };
    },
  });
};
