import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onboardingApi } from '@cartwise/contracts';
import { requireUser, requireUserHook } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { completeOnboarding, getOnboardingState, skipOnboarding } from './onboarding.service';

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUserHook);

  app.route({
    ...fromContract(onboardingApi.get),
    handler: async (request) => {
      const user = await requireUser(request);
      return getOnboardingState(app, user.id);
    },
  });

  app.route({
    ...fromContract(onboardingApi.complete),
    handler: async (request) => {
      const user = await requireUser(request);
      const state = await completeOnboarding(app, user.id, request.body);
      request.log.info({ userId: user.id, homeStores: request.body.homeStoreIds.length }, 'onboarding completed');
      return state;
    },
  });

  app.route({
    ...fromContract(onboardingApi.skip),
    handler: async (request) => {
      const user = await requireUser(request);
      await skipOnboarding(app, user.id);
      return { message: 'Onboarding skipped' };
    },
  });
};
