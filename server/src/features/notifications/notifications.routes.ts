import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsApi } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { listNotifications, markNotificationsRead } from './notifications.repo';

/** In-app notifications of the signed-in user (sent by operators, deal alerts, receipt jobs). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(notificationsApi.list),
    handler: async (request) => {
      const user = await requireUser(request);
      return listNotifications(app.db, user.id);
    },
  });

  app.route({
    ...fromContract(notificationsApi.markRead),
    handler: async (request) => {
      const user = await requireUser(request);
      const ids = request.body?.ids;
      await markNotificationsRead(app.db, user.id, ids);
      return listNotifications(app.db, user.id);
    },
  });
};
