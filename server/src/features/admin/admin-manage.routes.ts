import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminManageApi } from '@cartwise/contracts';
import { requireAdmin } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { listFeatures, listSettings, toggleFeature, updateSetting } from '../../platform/operator-settings';
import { addToWaitlist, createInvite, inviteFromWaitlist, listInvites, listWaitlist, revokeInvite } from './admin-access.service';
import { getAnalytics, getSqlAudit, listAuditLog, listOutbox } from './admin-insights.service';
import { listAdminStores } from './admin-stores.service';

/** The operator's secondary screens: waitlist, invites, settings, features, stores, analytics, logs, SQL audit. */
export const adminManageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });

  app.route({
    ...fromContract(adminManageApi.waitlist),
    handler: async (request) => {
      await requireAdmin(request);
      return { items: await listWaitlist(app) };
    },
  });
  app.route({
    ...fromContract(adminManageApi.addToWaitlist),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return addToWaitlist(app, admin, request.body.email);
    },
  });
  app.route({
    ...fromContract(adminManageApi.inviteFromWaitlist),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return inviteFromWaitlist(app, admin, request.params.id);
    },
  });

  app.route({
    ...fromContract(adminManageApi.invites),
    handler: async (request) => {
      await requireAdmin(request);
      return { items: await listInvites(app) };
    },
  });
  app.route({
    ...fromContract(adminManageApi.createInvite),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return createInvite(app, admin, request.body.email);
    },
  });
  app.route({
    ...fromContract(adminManageApi.revokeInvite),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      await revokeInvite(app, admin, request.params.id);
      return { message: 'Invite revoked' };
    },
  });

  app.route({
    ...fromContract(adminManageApi.settings),
    handler: async (request) => {
      await requireAdmin(request);
      return { items: await listSettings(app) };
    },
  });
  app.route({
    ...fromContract(adminManageApi.updateSetting),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return updateSetting(app, admin, request.params.key, request.body.value);
    },
  });

  app.route({
    ...fromContract(adminManageApi.features),
    handler: async (request) => {
      await requireAdmin(request);
      return { items: await listFeatures(app) };
    },
  });
  app.route({
    ...fromContract(adminManageApi.updateFeature),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return toggleFeature(app, admin, request.params.key, request.body.is_enabled);
    },
  });

  app.route({
    ...fromContract(adminManageApi.stores),
    handler: async (request) => {
      await requireAdmin(request);
      return listAdminStores(app, request.query);
    },
  });

  app.route({
    ...fromContract(adminManageApi.analytics),
    handler: async (request) => {
      await requireAdmin(request);
      return getAnalytics(app);
    },
  });

  app.route({
    ...fromContract(adminManageApi.auditLog),
    handler: async (request) => {
      await requireAdmin(request);
      return listAuditLog(app, request.query.page, request.query.page_size);
    },
  });
  app.route({
    ...fromContract(adminManageApi.outbox),
    handler: async (request) => {
      await requireAdmin(request);
      return listOutbox(app, request.query.page, request.query.page_size);
    },
  });

  app.route({
    ...fromContract(adminManageApi.sqlAudit),
    handler: async (request) => {
      await requireAdmin(request);
      return getSqlAudit(app);
    },
  });
};
