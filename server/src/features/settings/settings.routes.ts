import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDebugSetting,
  ZMessage,
  ZNotificationPreferences,
  ZPreferences,
  ZSettingsProfile,
  ZUpdateDebug,
  ZUpdateNotificationPreferences,
  ZUpdatePreferences,
  ZUpdateSettingsProfile,
} from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import {
  getNotificationPreferences,
  getPreferences,
  getSettingsProfile,
  setDebugEnabled,
  updateNotificationPreferences,
  updatePreferences,
  updateSettingsProfile,
} from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed-out callers get 401 even when their body is also invalid (validation runs before handlers).
  app.addHook('preValidation', async (request) => {
    await requireUser(request);
  });

  app.get('/api/settings/profile', { schema: { response: { 200: ZSettingsProfile } } }, async (request) => {
    const user = await requireUser(request);
    return getSettingsProfile(app, user.id);
  });

  app.post('/api/settings/profile', { schema: { body: ZUpdateSettingsProfile, response: { 200: ZMessage } } }, async (request) => {
    const user = await requireUser(request);
    if (request.body.id && request.body.id !== user.id) {
      request.log.warn({ userId: user.id, bodyId: request.body.id }, 'settings profile save named another id: saved to the caller');
    }
    await updateSettingsProfile(app, user.id, request.body);
    return { message: 'Profile saved' };
  });

  app.get('/api/settings/notifications', { schema: { response: { 200: ZNotificationPreferences } } }, async (request) => {
    const user = await requireUser(request);
    return getNotificationPreferences(app, user.id);
  });

  app.put(
    '/api/settings/notifications',
    { schema: { body: ZUpdateNotificationPreferences, response: { 200: ZNotificationPreferences } } },
    async (request) => {
      const user = await requireUser(request);
      return updateNotificationPreferences(app, user.id, request.body);
    },
  );

  app.get('/api/settings/preferences', { schema: { response: { 200: ZPreferences } } }, async (request) => {
    const user = await requireUser(request);
    return getPreferences(app, user.id);
  });

  app.put('/api/settings/preferences', { schema: { body: ZUpdatePreferences, response: { 200: ZPreferences } } }, async (request) => {
    const user = await requireUser(request);
    return updatePreferences(app, user.id, request.body);
  });

  app.patch('/api/settings/debug', { schema: { body: ZUpdateDebug, response: { 200: ZDebugSetting } } }, async (request) => {
    const user = await requireUser(request);
    const isEnabled = await setDebugEnabled(app, user.id, request.body.debug_enabled);
    request.log.info({ userId: user.id, debugEnabled: isEnabled }, 'debug flag changed');
    return { debug_enabled: isEnabled };
  });
};
