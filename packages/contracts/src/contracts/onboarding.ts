import { z } from 'zod';
import { defineRoute } from '../api/define-route';
import { ZId, ZMessage } from './common';
import { ZStoreOption } from './settings';

export const ZOnboardingNotifications = z.object({
  marketing: z.boolean(),
  product: z.boolean(),
  receipts: z.boolean(),
});
export type TOnboardingNotifications = z.infer<typeof ZOnboardingNotifications>;

/** GET /api/onboarding: what the three steps start from. */
export const ZOnboardingState = z.object({
  profile: z.object({
    email: z.string(),
    full_name: z.string(),
    display_name: z.string().nullable(),
    is_onboarded: z.boolean(),
  }),
  stores: z.array(ZStoreOption),
  home_store_ids: z.array(z.string()),
  preferences: ZOnboardingNotifications,
});
export type TOnboardingState = z.infer<typeof ZOnboardingState>;

/** POST /api/onboarding: finishing the steps saves everything at once. */
export const ZCompleteOnboarding = z.object({
  fullName: z.string().trim().max(120, { message: 'Full name is too long' }),
  displayName: z.string().trim().max(80, { message: 'Display name is too long' }),
  homeStoreIds: z.array(ZId).max(50, { message: 'Choose at most 50 home stores' }),
  notifications: ZOnboardingNotifications,
});
export type TCompleteOnboarding = z.infer<typeof ZCompleteOnboarding>;

/** The onboarding endpoints, shared by the server's registration and the web client's calls. */
export const onboardingApi = {
  get: defineRoute({ method: 'GET', path: '/api/onboarding', responses: { 200: ZOnboardingState } }),
  complete: defineRoute({ method: 'POST', path: '/api/onboarding', body: ZCompleteOnboarding, responses: { 200: ZOnboardingState } }),
  skip: defineRoute({ method: 'POST', path: '/api/onboarding/skip', responses: { 200: ZMessage } }),
};
