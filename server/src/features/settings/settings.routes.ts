import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsApi } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
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

  app.route({
    ...fromContract(settingsApi.profile),
    handler: async (request) => {
      const user = await requireUser(request);
      return getSettingsProfile(app, user.id);
    },
  });

  app.route({
    ...fromContract(settingsApi.saveProfile),
    handler: async (request) => {
      const user = await requireUser(request);
      if (request.body.id && request.body.id !== user.id) {
        request.log.warn({ userId: user.id, bodyId: request.body.id }, 'settings profile save named another id: saved to the caller');
      }
      await updateSettingsProfile(app, user.id, request.body);
      return { message: 'Profile saved' };
    },
  });

  app.route({
    ...fromContract(settingsApi.notifications),
    handler: async (request) => {
      const user = await requireUser(request);
      return getNotificationPreferences(app, user.id);
    },
  });

  app.route({
    ...fromContract(settingsApi.saveNotifications),
    handler: async (request) => {
      const user = await requireUser(request);
      return updateNotificationPreferences(app, user.id, request.body);
    },
  });

  app.route({
    ...fromContract(settingsApi.preferences),
    handler: async (request) => {
      const user = await requireUser(request);
      return getPreferences(app, user.id);
    },
  });

  app.route({
    ...fromContract(settingsApi.savePreferences),
    handler: async (request) => {
      const user = await requireUser(request);
      return updatePreferences(app, user.id, request.body);
    },
  });

  app.route({
    ...fromContract(settingsApi.setDebug),
    handler: async (request) => {
      const user = await requireUser(request);
      const isEnabled = await setDebugEnabled(app, user.id, request.body.debug_enabled);
      request.log.info({ userId: user.id, debugEnabled: isEnabled }, 'debug flag changed');
      return { debug_enabled: isEnabled };
    },
  });
};
