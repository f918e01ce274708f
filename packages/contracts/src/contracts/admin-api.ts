import { defineRoute } from '../api/define-route';
import { APP_CONFIG_PATH } from '../api/boot-paths';
import {
  ZAddWaitlistEntry,
  ZAdminAnalytics,
  ZAdminStats,
  ZAdminStatsQuery,
  ZAdminStores,
  ZAdminStoresQuery,
  ZAdminUser,
  ZAdminUserList,
  ZAdminUserQuery,
  ZAppConfig,
  ZAppSetting,
  ZAppSettingList,
  ZAuditLogPage,
  ZCreateInvite,
  ZDatabaseInfo,
  ZFeatureFlag,
  ZFeatureFlagList,
  ZIdParams,
  ZInvite,
  ZInviteList,
  ZNotificationLogList,
  ZOutboxPage,
  ZPageQuery,
  ZSendNotification,
  ZSendNotificationResult,
  ZSettingKeyParams,
  ZSqlAudit,
  ZUpdateAppSetting,
  ZUpdateFeatureFlag,
  ZUpdateUserRole,
  ZWaitlist,
  ZWaitlistEntry,
} from './admin';
import { ZAdminUserDetail, ZSuspendUser } from './admin-users';
import { ZUpdateUserSubscription } from './billing';
import { ZMessage } from './common';

// The operator area's endpoints (/api/admin/*, every one for admins only), shared by the server's registration and
// the web client's calls.

/** The operator's main screens: dashboard stats, users, notifications and database health. */
export const adminApi = {
  /** Cached for two minutes; `?fresh=1` recomputes. */
  stats: defineRoute({ method: 'GET', path: '/api/admin/stats', query: ZAdminStatsQuery, responses: { 200: ZAdminStats } }),
  users: defineRoute({ method: 'GET', path: '/api/admin/users', query: ZAdminUserQuery, responses: { 200: ZAdminUserList } }),
  changeRole: defineRoute({
    method: 'PATCH',
    path: '/api/admin/users/:id',
    params: ZIdParams,
    body: ZUpdateUserRole,
    responses: { 200: ZAdminUser },
  }),
  changeSubscription: defineRoute({
    method: 'PATCH',
    path: '/api/admin/users/:id/subscription',
    params: ZIdParams,
    body: ZUpdateUserSubscription,
    responses: { 200: ZAdminUser },
  }),
  user: defineRoute({ method: 'GET', path: '/api/admin/users/:id', params: ZIdParams, responses: { 200: ZAdminUserDetail } }),
  /** Signs the account out everywhere and refuses its sign-ins and access tokens until reinstated; audited. */
  suspendUser: defineRoute({
    method: 'POST',
    path: '/api/admin/users/:id/suspend',
    params: ZIdParams,
    body: ZSuspendUser,
    responses: { 200: ZAdminUser },
  }),
  reinstateUser: defineRoute({ method: 'POST', path: '/api/admin/users/:id/reinstate', params: ZIdParams, responses: { 200: ZAdminUser } }),
  /** Someone else's account; an operator's own goes through DELETE /api/me, with their password. */
  deleteUser: defineRoute({ method: 'DELETE', path: '/api/admin/users/:id', params: ZIdParams, responses: { 204: null } }),
  notificationLog: defineRoute({ method: 'GET', path: '/api/admin/notifications', responses: { 200: ZNotificationLogList } }),
  sendNotification: defineRoute({
    method: 'POST',
    path: '/api/admin/notifications',
    body: ZSendNotification,
    responses: { 200: ZSendNotificationResult },
  }),
  database: defineRoute({ method: 'GET', path: '/api/admin/database', responses: { 200: ZDatabaseInfo } }),
};

/** The operator's secondary screens: waitlist, invites, settings, features, stores, analytics, logs, SQL audit. */
export const adminManageApi = {
  waitlist: defineRoute({ method: 'GET', path: '/api/admin/waitlist', responses: { 200: ZWaitlist } }),
  addToWaitlist: defineRoute({ method: 'POST', path: '/api/admin/waitlist', body: ZAddWaitlistEntry, responses: { 200: ZWaitlistEntry } }),
  inviteFromWaitlist: defineRoute({
    method: 'POST',
    path: '/api/admin/waitlist/:id/invite',
    params: ZIdParams,
    responses: { 200: ZWaitlistEntry },
  }),
  invites: defineRoute({ method: 'GET', path: '/api/admin/invites', responses: { 200: ZInviteList } }),
  createInvite: defineRoute({ method: 'POST', path: '/api/admin/invites', body: ZCreateInvite, responses: { 200: ZInvite } }),
  revokeInvite: defineRoute({ method: 'DELETE', path: '/api/admin/invites/:id', params: ZIdParams, responses: { 200: ZMessage } }),
  settings: defineRoute({ method: 'GET', path: '/api/admin/settings', responses: { 200: ZAppSettingList } }),
  updateSetting: defineRoute({
    method: 'PUT',
    path: '/api/admin/settings/:key',
    params: ZSettingKeyParams,
    body: ZUpdateAppSetting,
    responses: { 200: ZAppSetting },
  }),
  features: defineRoute({ method: 'GET', path: '/api/admin/features', responses: { 200: ZFeatureFlagList } }),
  updateFeature: defineRoute({
    method: 'PUT',
    path: '/api/admin/features/:key',
    params: ZSettingKeyParams,
    body: ZUpdateFeatureFlag,
    responses: { 200: ZFeatureFlag },
  }),
  stores: defineRoute({ method: 'GET', path: '/api/admin/stores', query: ZAdminStoresQuery, responses: { 200: ZAdminStores } }),
  analytics: defineRoute({ method: 'GET', path: '/api/admin/analytics', responses: { 200: ZAdminAnalytics } }),
  auditLog: defineRoute({ method: 'GET', path: '/api/admin/logs/audit', query: ZPageQuery, responses: { 200: ZAuditLogPage } }),
  outbox: defineRoute({ method: 'GET', path: '/api/admin/logs/outbox', query: ZPageQuery, responses: { 200: ZOutboxPage } }),
  sqlAudit: defineRoute({ method: 'GET', path: '/api/admin/sql-audit', responses: { 200: ZSqlAudit } }),
};

/** The operator's flags and limits as shoppers' pages see them: any signed-in shopper reads it. */
export const appConfigApi = {
  get: defineRoute({ method: 'GET', path: APP_CONFIG_PATH, responses: { 200: ZAppConfig } }),
};
