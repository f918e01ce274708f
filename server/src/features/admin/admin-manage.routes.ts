import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAddWaitlistEntry,
  ZAdminAnalytics,
  ZAdminStores,
  ZAppSetting,
  ZAppSettingList,
  ZAuditLogPage,
  ZCreateInvite,
  ZFeatureFlag,
  ZFeatureFlagList,
  ZIdParams,
  ZInvite,
  ZInviteList,
  ZMessage,
  ZOutboxPage,
  ZPageQuery,
  ZSettingKeyParams,
  ZSqlAudit,
  ZUpdateAppSetting,
  ZUpdateFeatureFlag,
  ZWaitlist,
  ZWaitlistEntry,
} from '@cartwise/contracts';
import { requireAdmin } from '../../auth/current-user';
import { listFeatures, listSettings, toggleFeature, updateSetting } from '../../platform/operator-settings';
import { addToWaitlist, createInvite, inviteFromWaitlist, listInvites, listWaitlist, revokeInvite } from './admin-access.service';
import { getAnalytics, getSqlAudit, listAuditLog, listOutbox, listStores } from './admin-insights.service';

/** The operator's secondary screens: waitlist, invites, settings, features, stores, analytics, logs, SQL audit. */
export const adminManageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });

  app.get('/api/admin/waitlist', { schema: { response: { 200: ZWaitlist } } }, async (request) => {
    await requireAdmin(request);
    return { items: await listWaitlist(app) };
  });
  app.post('/api/admin/waitlist', { schema: { body: ZAddWaitlistEntry, response: { 200: ZWaitlistEntry } } }, async (request) => {
    const admin = await requireAdmin(request);
    return addToWaitlist(app, admin, request.body.email);
  });
  app.post('/api/admin/waitlist/:id/invite', { schema: { params: ZIdParams, response: { 200: ZWaitlistEntry } } }, async (request) => {
    const admin = await requireAdmin(request);
    return inviteFromWaitlist(app, admin, request.params.id);
  });

  app.get('/api/admin/invites', { schema: { response: { 200: ZInviteList } } }, async (request) => {
    await requireAdmin(request);
    return { items: await listInvites(app) };
  });
  app.post('/api/admin/invites', { schema: { body: ZCreateInvite, response: { 200: ZInvite } } }, async (request) => {
    const admin = await requireAdmin(request);
    return createInvite(app, admin, request.body.email);
  });
  app.delete('/api/admin/invites/:id', { schema: { params: ZIdParams, response: { 200: ZMessage } } }, async (request) => {
    const admin = await requireAdmin(request);
    await revokeInvite(app, admin, request.params.id);
    return { message: 'Invite revoked' };
  });

  app.get('/api/admin/settings', { schema: { response: { 200: ZAppSettingList } } }, async (request) => {
    await requireAdmin(request);
    return { items: await listSettings(app) };
  });
  app.put(
    '/api/admin/settings/:key',
    { schema: { params: ZSettingKeyParams, body: ZUpdateAppSetting, response: { 200: ZAppSetting } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return updateSetting(app, admin, request.params.key, request.body.value);
    },
  );

  app.get('/api/admin/features', { schema: { response: { 200: ZFeatureFlagList } } }, async (request) => {
    await requireAdmin(request);
    return { items: await listFeatures(app) };
  });
  app.put(
    '/api/admin/features/:key',
    { schema: { params: ZSettingKeyParams, body: ZUpdateFeatureFlag, response: { 200: ZFeatureFlag } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return toggleFeature(app, admin, request.params.key, request.body.is_enabled);
    },
  );

  app.get('/api/admin/stores', { schema: { response: { 200: ZAdminStores } } }, async (request) => {
    await requireAdmin(request);
    return listStores(app);
  });

  app.get('/api/admin/analytics', { schema: { response: { 200: ZAdminAnalytics } } }, async (request) => {
    await requireAdmin(request);
    return getAnalytics(app);
  });

  app.get('/api/admin/logs/audit', { schema: { querystring: ZPageQuery, response: { 200: ZAuditLogPage } } }, async (request) => {
    await requireAdmin(request);
    return listAuditLog(app, request.query.page, request.query.page_size);
  });
  app.get('/api/admin/logs/outbox', { schema: { querystring: ZPageQuery, response: { 200: ZOutboxPage } } }, async (request) => {
    await requireAdmin(request);
    return listOutbox(app, request.query.page, request.query.page_size);
  });

  app.get('/api/admin/sql-audit', { schema: { response: { 200: ZSqlAudit } } }, async (request) => {
    await requireAdmin(request);
    return getSqlAudit(app);
  });
};
