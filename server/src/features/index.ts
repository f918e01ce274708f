import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes } from './health/health.routes';
import { accountRoutes } from './account/account.routes';
import { realtimeRoutes } from './account/realtime.routes';
import { dealRoutes } from './deals/deals.routes';
import { unsubscribeRoutes } from './deals/unsubscribe.routes';
import { moderationRoutes } from './moderation/moderation.routes';
import { settingsRoutes } from './settings/settings.routes';
import { storesRoutes } from './stores/stores.routes';
import { exportRoutes } from './export/export.routes';
import { listsRoutes } from './lists/lists.routes';
import { pantryRoutes } from './pantry/pantry.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { analyticsRoutes } from './analytics/analytics.routes';
import { onboardingRoutes } from './onboarding/onboarding.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { adminRoutes } from './admin/admin.routes';
import { adminManageRoutes } from './admin/admin-manage.routes';

/** Every feature's routes, registered under the app. Add a feature by adding one line here. */
export const registerFeatures: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(realtimeRoutes);
  await app.register(dealRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(moderationRoutes);
  await app.register(settingsRoutes);
  await app.register(storesRoutes);
  await app.register(exportRoutes);
  await app.register(listsRoutes);
  await app.register(pantryRoutes);
  await app.register(dashboardRoutes);
  await app.register(analyticsRoutes);
  await app.register(onboardingRoutes);
  await app.register(notificationsRoutes);
  await app.register(adminRoutes);
  await app.register(adminManageRoutes);
};
