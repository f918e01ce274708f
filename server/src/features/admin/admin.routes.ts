import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAdminStats,
  ZAdminStatsQuery,
  ZAdminUser,
  ZAdminUserList,
  ZAdminUserQuery,
  ZDatabaseInfo,
  ZIdParams,
  ZNotificationLogList,
  ZSendNotification,
  ZSendNotificationResult,
  ZUpdateUserRole,
  ZUpdateUserSubscription,
} from '@cartwise/contracts';
import { announceAuthChange, requireAdmin } from '../../auth/current-user';
import { getAdminStats } from './admin-stats.service';
import { changeUserRole, changeUserSubscription, listUsers } from './admin-users.service';
import { listNotificationLog, sendAdminNotification } from './admin-notify.service';
import { getDatabaseInfo } from './admin-database.service';
import { writeAudit } from '../../platform/audit-log';
import { deleteAccount } from '../account';
import { HttpError } from '../../http/errors';

/** The operator's main screens: dashboard stats, users, notifications and database health. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authorise before body validation so anonymous callers get 401, not a 400 about their input.
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });

  app.get('/api/admin/stats', { schema: { querystring: ZAdminStatsQuery, response: { 200: ZAdminStats } } }, async (request) => {
    await requireAdmin(request);
    return getAdminStats(app, request.query.fresh === '1');
  });

  app.get('/api/admin/users', { schema: { querystring: ZAdminUserQuery, response: { 200: ZAdminUserList } } }, async (request) => {
    await requireAdmin(request);
    return listUsers(app, request.query);
  });

  app.patch(
    '/api/admin/users/:id',
    { schema: { params: ZIdParams, body: ZUpdateUserRole, response: { 200: ZAdminUser } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return changeUserRole(app, admin, request.params.id, request.body.role);
    },
  );

  // Extend or end a trial, or grant paid time (a comped account): recorded in the audit log.
  app.patch(
    '/api/admin/users/:id/subscription',
    { schema: { params: ZIdParams, body: ZUpdateUserSubscription, response: { 200: ZAdminUser } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return changeUserSubscription(app, admin, request.params.id, request.body);
    },
  );

  // An operator deletes someone else's account (their own goes through DELETE /api/me, with their password).
  // The audit entry keeps the account's id only: nothing else of the person remains to name.
  app.delete('/api/admin/users/:id', { schema: { params: ZIdParams } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const targetId = request.params.id;
    if (targetId === admin.id) throw new HttpError(400, 'own_account', 'Delete your own account from Settings, Security.');
    await deleteAccount({ db: app.db, auth: app.auth, log: request.log, files: app.files, config: app.config }, targetId);
    await announceAuthChange(app, targetId);
    await writeAudit(app.db, { actorId: admin.id, action: 'user.deleted', targetType: 'user', targetId });
    request.log.info({ actorId: admin.id, userId: targetId }, 'account deleted by an operator');
    return reply.status(204).send();
  });

  app.get('/api/admin/notifications', { schema: { response: { 200: ZNotificationLogList } } }, async (request) => {
    await requireAdmin(request);
    return listNotificationLog(app);
  });

  app.post(
    '/api/admin/notifications',
    { schema: { body: ZSendNotification, response: { 200: ZSendNotificationResult } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return sendAdminNotification(app, admin, request.body);
    },
  );

  app.get('/api/admin/database', { schema: { response: { 200: ZDatabaseInfo } } }, async (request) => {
    await requireAdmin(request);
    return getDatabaseInfo(app);
  });
};
