import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMarkNotificationsRead, ZNotificationList } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { listNotifications, markNotificationsRead } from './notifications.repo';

/** In-app notifications of the signed-in user (sent by operators, deal alerts, receipt jobs). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/notifications', { schema: { response: { 200: ZNotificationList } } }, async (request) => {
    const user = await requireUser(request);
    return listNotifications(app.db, user.id);
  });

  app.post(
    '/api/notifications/read',
    { schema: { body: ZMarkNotificationsRead.optional(), response: { 200: ZNotificationList } } },
    async (request) => {
      const user = await requireUser(request);
      const ids = request.body?.ids;
      await markNotificationsRead(app.db, user.id, ids);
      return listNotifications(app.db, user.id);
    },
  );
};
