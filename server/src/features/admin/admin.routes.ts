import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminApi } from '@cartwise/contracts';
import { announceAuthChange, requireAdmin } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { getAdminStats } from './admin-stats.service';
import { changeUserRole, changeUserSubscription, listUsers } from './admin-users.service';
import { getUserDetail, reinstateUser, suspendUser } from './admin-user-account.service';
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

  app.route({
    ...fromContract(adminApi.stats),
    handler: async (request) => {
      await requireAdmin(request);
      return getAdminStats(app, request.query.fresh === '1');
    },
  });

  app.route({
    ...fromContract(adminApi.users),
    handler: async (request) => {
      await requireAdmin(request);
      return listUsers(app, request.query);
    },
  });

  app.route({
    ...fromContract(adminApi.changeRole),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return changeUserRole(app, admin, request.params.id, request.body.role);
    },
  });

  app.route({
    ...fromContract(adminApi.user),
    handler: async (request) => {
      await requireAdmin(request);
      return getUserDetail(app, request.params.id);
    },
  });

  app.route({
    ...fromContract(adminApi.suspendUser),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return suspendUser(app, admin, request.params.id, request.body.reason);
    },
  });

  app.route({
    ...fromContract(adminApi.reinstateUser),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return reinstateUser(app, admin, request.params.id);
    },
  });

  // Extend or end a trial, or grant paid time (a comped account): recorded in the audit log.
  app.route({
    ...fromContract(adminApi.changeSubscription),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return changeUserSubscription(app, admin, request.params.id, request.body);
    },
  });

  // The audit entry keeps the account's id only: nothing else of the person remains to name.
  app.route({
    ...fromContract(adminApi.deleteUser),
    handler: async (request, reply) => {
      const admin = await requireAdmin(request);
      const targetId = request.params.id;
      if (targetId === admin.id) throw new HttpError(400, 'own_account', 'Delete your own account from Settings, Security.');
      await deleteAccount({ db: app.db, auth: app.auth, log: request.log, files: app.files, config: app.config }, targetId);
      await announceAuthChange(app, targetId);
      await writeAudit(app.db, { actorId: admin.id, action: 'user.deleted', targetType: 'user', targetId });
      request.log.info({ actorId: admin.id, userId: targetId }, 'account deleted by an operator');
      return reply.status(204).send();
    },
  });

  app.route({
    ...fromContract(adminApi.notificationLog),
    handler: async (request) => {
      await requireAdmin(request);
      return listNotificationLog(app);
    },
  });

  app.route({
    ...fromContract(adminApi.sendNotification),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return sendAdminNotification(app, admin, request.body);
    },
  });

  app.route({
    ...fromContract(adminApi.database),
    handler: async (request) => {
      await requireAdmin(request);
      return getDatabaseInfo(app);
    },
  });
};
