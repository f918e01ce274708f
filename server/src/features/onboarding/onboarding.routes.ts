import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCompleteOnboarding, ZMessage, ZOnboardingState } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { completeOnboarding, getOnboardingState, skipOnboarding } from './onboarding.service';

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    await requireUser(request);
  });

  app.get('/api/onboarding', { schema: { response: { 200: ZOnboardingState } } }, async (request) => {
    const user = await requireUser(request);
    return getOnboardingState(app, user.id);
  });

  app.post('/api/onboarding', { schema: { body: ZCompleteOnboarding, response: { 200: ZOnboardingState } } }, async (request) => {
    const user = await requireUser(request);
    const state = await completeOnboarding(app, user.id, request.body);
    request.log.info({ userId: user.id, homeStores: request.body.homeStoreIds.length }, 'onboarding completed');
    return state;
  });

  app.post('/api/onboarding/skip', { schema: { response: { 200: ZMessage } } }, async (request) => {
    const user = await requireUser(request);
    await skipOnboarding(app, user.id);
    return { message: 'Onboarding skipped' };
  });
};
